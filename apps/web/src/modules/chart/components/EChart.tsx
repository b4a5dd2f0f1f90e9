import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { echarts, type EChartsCoreOption, type EChartsType } from '../echarts/core';
import type { AppTheme } from '../types';
import { echartsLocale } from '../utils/theme';

/** Spec 01 §9: resize debounce 100 ms. */
const RESIZE_DEBOUNCE_MS = 100;

export interface EChartProps {
  option: EChartsCoreOption;
  appTheme: AppTheme;
  /** what a screen reader announces for the picture */
  ariaLabel: string;
  /** the chart finished drawing (after its animation) */
  onRendered?: () => void;
}

/**
 * One ECharts instance on a canvas filling its parent: created on mount (dark theme in the dark app,
 * ECharts' texts in the UI language), given the whole option on each change (notMerge), resized with
 * its box (ResizeObserver, debounced), disposed on unmount.
 */
export function EChart({ option, appTheme, ariaLabel, onRendered }: EChartProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<EChartsType | null>(null);
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
    if (chart && !chart.isDisposed()) chart.setOption(option, { notMerge: true });
  }, [option, appTheme, locale]);

  return (
    <div className="bi-echart-frame" role="img" aria-label={ariaLabel}>
      <div ref={hostRef} className="bi-echart" data-testid="echart" />
    </div>
  );
}
