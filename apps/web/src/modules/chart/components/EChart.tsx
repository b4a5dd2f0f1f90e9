import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { echarts, type EChartsCoreOption, type EChartsType } from '../echarts/core';
import { drawFitted } from '../echarts/fit';
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
 * ECharts' texts in the UI language), given the whole option fitted to its box on each change
 * (drawFitted, notMerge), resized and fitted again with its box (ResizeObserver, debounced), disposed
 * on unmount.
 */
export function EChart({ option, appTheme, ariaLabel, onRendered }: EChartProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<EChartsType | null>(null);
  const renderedRef = useRef(onRendered);
  renderedRef.current = onRendered;
  const optionRef = useRef(option);
  optionRef.current = option;
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
              if (chart.isDisposed()) return;
              chart.resize();
              // the layout follows the box's new size (labels, legend rows)
              drawFitted(chart, optionRef.current, host);
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
    if (chart && !chart.isDisposed() && hostRef.current) drawFitted(chart, option, hostRef.current);
  }, [option, appTheme, locale]);

  return (
    <div className="bi-echart-frame" role="img" aria-label={ariaLabel}>
      <div ref={hostRef} className="bi-echart" data-testid="echart" />
    </div>
  );
}
