import { useEffect, useMemo, useRef, useState } from 'react';
import { browserStorages } from '../../../shared/storage/keys';
import { subscribeLive } from '../../../shared/live/liveStream';
import { readUserName } from '../../auth/utils/session';
import { chartsChangedOf, dashboardSavedOf, LiveRefresher, type DashboardSaved } from '../utils/live';

export interface LiveDashboardOptions {
  dashboardId: string;
  /** off: the page follows nothing (a template, an embedded view) */
  enabled: boolean;
  /** the charts the page shows: only those re-run */
  shownChartIds: readonly string[];
  /** re-runs one chart (the box's refresh, cache-first) */
  refresh: (chartId: string) => void;
  /** the signed-in user's name: a save of their own is no news */
  userName?: string;
}

export interface LiveDashboard {
  /** when each chart's data last changed (ISO), for the box's "updated hh:mm" */
  updatedAt: Readonly<Record<string, string>>;
  /** the newest save of the dashboard by someone else, until dismissed */
  saved: DashboardSaved | null;
  dismissSaved: () => void;
}

const pageVisible = () => typeof document === 'undefined' || document.visibilityState !== 'hidden';

/**
 * Live dashboards (issue 33, docs/api/live.md): the page follows its dashboard on the browser's one
 * live stream (shared/live); `charts-changed` re-runs the shown charts it names (LiveRefresher: at most
 * once per 2 s, after a random delay; a background tab waits until it is seen) and notes the time for
 * their badge; `dashboard-saved` by another user offers a reload.
 */
export function useLiveDashboard({ dashboardId, enabled, shownChartIds, refresh, userName }: LiveDashboardOptions): LiveDashboard {
  const [updatedAt, setUpdatedAt] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState<DashboardSaved | null>(null);
  // one Set per list of shown charts (the page memoizes the list), not one per render
  const shownSet = useMemo(() => new Set(shownChartIds), [shownChartIds]);
  const shownRef = useRef(shownSet);
  shownRef.current = shownSet;
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;
  const me = userName ?? readUserName(browserStorages());

  useEffect(() => {
    if (!enabled || !dashboardId || me === '') return undefined;
    const refresher = new LiveRefresher({
      visible: pageVisible,
      refresh: (changes) => {
        const shown = [...changes].filter(([id]) => shownRef.current.has(id));
        if (shown.length === 0) return;
        for (const [id] of shown) refreshRef.current(id);
        setUpdatedAt((current) => ({ ...current, ...Object.fromEntries(shown) }));
      },
    });
    const onVisibility = () => refresher.visibilityChanged();
    document.addEventListener('visibilitychange', onVisibility);
    const unsubscribe = subscribeLive(me, {
      topics: [dashboardId],
      onEvent: (e) => {
        if (e.event === 'charts-changed') {
          const c = chartsChangedOf(e.data, dashboardId);
          if (c) refresher.changed(c.chartIds, c.at);
        } else if (e.event === 'dashboard-saved') {
          const s = dashboardSavedOf(e.data, dashboardId);
          if (s && s.savedByName !== me) setSaved(s);
        }
      },
    });
    return () => {
      unsubscribe();
      document.removeEventListener('visibilitychange', onVisibility);
      refresher.stop();
    };
  }, [enabled, dashboardId, me]);

  return { updatedAt, saved, dismissSaved: () => setSaved(null) };
}
