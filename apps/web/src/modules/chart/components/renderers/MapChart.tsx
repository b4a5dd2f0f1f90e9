import { Button, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useChartViewTranslation } from '../../i18n';
import { ensureMaps, mapsReady } from '../../maps/registry';
import { mapNamesOf } from '../../maps/names';
import { describeItems } from '../../utils/describe';
import { EChart } from '../EChart';
import { usePreparedOption, type RendererProps } from './common';

/** map and tw_map: the GeoJSON (china, china-cities or taiwan) is loaded on first use, then the regions are coloured. */
export function MapChart({ answer, kind, title, appTheme, onDone }: RendererProps) {
  const { cv } = useChartViewTranslation();
  const option = usePreparedOption(answer, kind, appTheme);
  const names = useMemo(() => mapNamesOf(answer.option, answer.chart), [answer]);
  const namesKey = names.join(',');
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>(() => (mapsReady(names) ? 'ready' : 'loading'));
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    const wanted = namesKey ? (namesKey.split(',') as typeof names) : [];
    if (mapsReady(wanted)) {
      setStatus('ready');
      return undefined;
    }
    setStatus('loading');
    ensureMaps(wanted).then(
      () => live && setStatus('ready'),
      () => {
        if (!live) return;
        setStatus('failed');
        onDone();
      },
    );
    return () => {
      live = false;
    };
  }, [namesKey, attempt, onDone]);

  if (status === 'loading') {
    return (
      <div className="bi-chart-view__center" data-testid="map-loading">
        <Spin />
      </div>
    );
  }
  if (status === 'failed') {
    return (
      <div className="bi-chart-view__center bi-chart-status" data-testid="map-failed" role="alert">
        <span>{cv('mapFailed')}</span>
        <Button size="small" onClick={() => setAttempt((n) => n + 1)}>
          {cv('retry')}
        </Button>
      </div>
    );
  }
  return <EChart option={option} appTheme={appTheme} ariaLabel={describeItems(title, answer.option)} onRendered={onDone} />;
}
