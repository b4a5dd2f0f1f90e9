import { GraphChart, TreeChart } from 'echarts/charts';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { echarts, type EChartsCoreOption, type EChartsType } from '../../chart/echarts/core';
import type { AppTheme } from '../../chart/types';
import { echartsLocale } from '../../chart/utils/theme';
import { dataNodeId } from '../utils/viewer';

// the relation map's two series kinds, on the chart module's ECharts core (loaded with this component only)
echarts.use([GraphChart, TreeChart]);

const RESIZE_DEBOUNCE_MS = 100;

interface RelationChartProps {
  option: EChartsCoreOption;
  appTheme: AppTheme;
  ariaLabel: string;
  /** a click on a node: its id */
  onNodeClick: (nodeId: string) => void;
  /** the drawing finished (the e2e and screenshots wait for it) */
  onRendered?: () => void;
}

/**
 * The map drawn by ECharts (graph for the force layout, tree for the two tree layouts) filling its box:
 * created per theme and language, the whole option on each change (notMerge), resized with its box,
 * a click on a node reports the node's id.
 */
export default function RelationChart({ option, appTheme, ariaLabel, onNodeClick, onRendered }: RelationChartProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<EChartsType | null>(null);
  const clickRef = useRef(onNodeClick);
  clickRef.current = onNodeClick;
  const renderedRef = useRef(onRendered);
  renderedRef.current = onRendered;
  const { i18n } = useTranslation();
  const locale = echartsLocale(i18n.language);

  useLayoutEffect(() => {
    const host = hostRef.current;
    if (!host) return undefined;
    const chart = echarts.init(host, appTheme === 'dark' ? 'dark' : undefined, { renderer: 'canvas', locale });
    chartRef.current = chart;
    chart.on('finished', () => renderedRef.current?.());
    chart.on('click', (params: { dataType?: string; data?: unknown }) => {
      if (params.dataType === 'edge') return;
      const id = dataNodeId(params.data);
      if (id) clickRef.current(id);
    });
    let timer: number | undefined;
    const observer =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(() => {
            window.clearTimeout(timer);
            timer = window.setTimeout(() => {
              if (!chart.isDisposed()) chart.resize();
            }, RESIZE_DEBOUNCE_MS);
          });
    observer?.observe(host);
    return () => {
      window.clearTimeout(timer);
      observer?.disconnect();
      chart.dispose();
      chartRef.current = null;
    };
  }, [appTheme, locale]);

  useLayoutEffect(() => {
    const chart = chartRef.current;
    if (!chart || chart.isDisposed()) return;
    chart.setOption(option, { notMerge: true });
  }, [option, appTheme, locale]);

  return (
    <div className="bi-relation-chart" role="img" aria-label={ariaLabel}>
      <div ref={hostRef} className="bi-relation-chart__canvas" data-testid="relation-echart" />
    </div>
  );
}
