import { syncDrill, type Chart } from '@bi/chart-model';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chartKeys } from '../../chart/api/chart';
import type { ChartAnswer, TablePage } from '../../chart/types';
import { chartEditorApi, chartEditorKeys } from '../api/chartEditor';
import type { EditorTab } from '../types';
import { popUndo, pushUndo } from '../utils/history';
import { initialAreas, type Areas } from '../utils/rules';
import { SaveQueue, saveKindsOf, type SaveKind, type SaveStatus } from '../utils/save-queue';

const errorText = (error: unknown) => (error instanceof Error && error.message ? error.message : String(error));
const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

export interface PreviewState {
  answer: ChartAnswer | undefined;
  /** a run is in flight */
  running: boolean;
  error: string | null;
}

const IDLE_STATUS: SaveStatus = { state: 'idle', error: null, savedRevision: 0, revision: 0 };

/**
 * The editor's chart: opened with POST /api/chart-edit/chart/{tab}/{chart}, changed locally at once
 * and saved through a SaveQueue (coalesced, last state wins, a failed save keeps the edit), undone
 * step by step, and previewed by running the stored chart again once every edit is stored (an older
 * run's answer never replaces a newer one). `onSaved` tells the host (the dashboard) that its copies of
 * the chart are stale.
 */
export function useChartEditor(tab: EditorTab, chartId: string, onSaved?: () => void) {
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  const [load, setLoad] = useState<{ state: 'loading' | 'ready' | 'error'; error?: unknown }>({ state: 'loading' });
  const [chart, setChart] = useState<Chart | null>(null);
  const chartRef = useRef<Chart | null>(null);
  const [dataSourceName, setDataSourceName] = useState('');
  const [status, setStatus] = useState<SaveStatus>(IDLE_STATUS);
  const [preview, setPreview] = useState<PreviewState>({ answer: undefined, running: false, error: null });
  const [areas, setAreas] = useState<Areas>({ secondPoints: false, secondValues: false });
  const undoRef = useRef<Chart[]>([]);
  const [undoDepth, setUndoDepth] = useState(0);
  const queueRef = useRef<SaveQueue | null>(null);
  const runSeq = useRef(0);
  const runAbort = useRef<AbortController | null>(null);
  const pageRef = useRef<TablePage | undefined>(undefined);

  const savedRef = useRef(onSaved);
  savedRef.current = onSaved;
  /** A saved edit makes the chart's runs stale, and the host's copies of it (its box, its summary). */
  const invalidateDashboard = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: chartKeys.runs(tab, chartId) });
    savedRef.current?.();
  }, [queryClient, tab, chartId]);

  const run = useCallback(
    async (opening: boolean) => {
      const seq = ++runSeq.current;
      runAbort.current?.abort();
      const controller = new AbortController();
      runAbort.current = controller;
      if (opening) {
        // the server's chart replaces whatever was not sent yet
        queueRef.current?.discard();
        setLoad({ state: 'loading' });
      }
      setPreview((p) => ({ ...p, running: true }));
      try {
        const current = chartRef.current;
        const page = current?.type === 'table' && !opening ? pageRef.current : undefined;
        const answer = await chartEditorApi.run(tab, chartId, { isFirstRequest: opening, ...(page ? { page } : {}) }, controller.signal);
        if (seq !== runSeq.current) return;
        setPreview({ answer, running: false, error: null });
        setDataSourceName(answer.dataSourceName ?? '');
        if (opening) {
          queueRef.current = new SaveQueue(
            answer.chart,
            {
              saveChart: async (c) => {
                const saved = await chartEditorApi.save(tab, c);
                invalidateDashboard();
                return saved;
              },
              saveCustomOption: async (id, text) => {
                const saved = await chartEditorApi.saveCustomOption(tab, id, text);
                invalidateDashboard();
                return saved;
              },
            },
            {
              onStatus: setStatus,
              onSettled: (stored) => {
                if (JSON.stringify(stored) === JSON.stringify(chartRef.current)) return;
                chartRef.current = stored;
                setChart(stored);
              },
              onIdle: () => void run(false),
            },
          );
          chartRef.current = answer.chart;
          setChart(answer.chart);
          setAreas(initialAreas(answer.chart));
          undoRef.current = [];
          setUndoDepth(0);
          setStatus(queueRef.current.status());
          setLoad({ state: 'ready' });
        }
      } catch (error) {
        if (seq !== runSeq.current || isAbort(error)) return;
        if (opening) setLoad({ state: 'error', error });
        setPreview((p) => ({ ...p, running: false, error: errorText(error) }));
      }
    },
    [tab, chartId, invalidateDashboard],
  );

  useEffect(() => {
    void run(true);
    return () => {
      runAbort.current?.abort();
      queueRef.current?.dispose();
    };
  }, [run]);

  // the answer's texts are in the request's language
  const language = i18n.language;
  const firstLanguage = useRef(language);
  useEffect(() => {
    if (language === firstLanguage.current) return;
    firstLanguage.current = language;
    if (chartRef.current) void run(false);
  }, [language, run]);

  /** Shows a new state at once and saves it; `undoable` false for the undo itself. */
  const apply = useCallback((edited: Chart, options: { kinds?: SaveKind[]; undoable?: boolean } = {}) => {
    // the drill hierarchy follows the chart's first dimension and kind (@bi/chart-model syncDrill)
    const next = syncDrill(edited);
    const previous = chartRef.current;
    const queue = queueRef.current;
    if (!previous || !queue || next === previous) return;
    const kinds = options.kinds ?? saveKindsOf(previous, next);
    if (kinds.length === 0) return;
    chartRef.current = next;
    setChart(next);
    if (options.undoable !== false) {
      undoRef.current = pushUndo(undoRef.current, previous);
      setUndoDepth(undoRef.current.length);
    }
    queue.edit(next, kinds);
  }, []);

  const edit = useCallback((next: Chart) => apply(next), [apply]);

  const editCustomOption = useCallback(
    (text: string) => {
      const current = chartRef.current;
      if (current) apply({ ...current, customOption: text }, { kinds: ['customOption'] });
    },
    [apply],
  );

  const undo = useCallback((): boolean => {
    const popped = popUndo(undoRef.current);
    if (!popped) return false;
    undoRef.current = popped.stack;
    setUndoDepth(popped.stack.length);
    apply(popped.state, { undoable: false });
    return true;
  }, [apply]);

  const retrySave = useCallback(() => queueRef.current?.retry(), []);

  /** After a change made on the server (switch data source): open the chart again, and its fields. */
  const reload = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: chartEditorKeys.schema(tab, chartId) });
    invalidateDashboard();
    void run(true);
  }, [queryClient, tab, chartId, run, invalidateDashboard]);

  const retryPreview = useCallback(() => void run(false), [run]);
  const setTablePage = useCallback(
    (page: TablePage) => {
      pageRef.current = page;
      void run(false);
    },
    [run],
  );

  return useMemo(
    () => ({
      load,
      chart,
      dataSourceName,
      status,
      preview,
      areas,
      setAreas,
      canUndo: undoDepth > 0,
      edit,
      editCustomOption,
      undo,
      retrySave,
      reload,
      retryPreview,
      setTablePage,
    }),
    [load, chart, dataSourceName, status, preview, areas, undoDepth, edit, editCustomOption, undo, retrySave, reload, retryPreview, setTablePage],
  );
}

export type ChartEditorState = ReturnType<typeof useChartEditor>;
