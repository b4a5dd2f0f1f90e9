import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { echarts, type EChartsCoreOption, type EChartsType } from '../echarts/core';
import { drawFitted } from '../echarts/fit';
import type { AppTheme, PointClickHandler } from '../types';
import { echartsLocale } from '../utils/theme';

/** Spec 01 §9: resize debounce 100 ms. */
const RESIZE_DEBOUNCE_MS = 100;

/**
 * Drawn without ECharts' entry animation unless the option asks for one (a customOption): a dashboard
 * draws its boxes together, and twenty charts animating at once held the main thread for seconds
 * after their answers arrived (docs/benchmarks.md "Browser").
 */
const still = (option: EChartsCoreOption): EChartsCoreOption => ('animation' in option ? option : { ...option, animation: false });

/**
 * Draws the option fitted to the host's size, resizing the canvas first when the host's size is not the
 * chart's: an option drawn while a resize waited for its debounce used to fit the new size on the old
 * canvas (and mark the size as drawn, so the debounced resize was skipped): a canvas 612 px high stayed
 * in a box of 548 and was clipped (issue 27).
 */
function draw(chart: EChartsType, option: EChartsCoreOption, host: HTMLElement): { width: number; height: number } {
  if (chart.getWidth() !== host.clientWidth || chart.getHeight() !== host.clientHeight) chart.resize();
  drawFitted(chart, still(option), host);
  return { width: host.clientWidth, height: host.clientHeight };
}

/** `id` of a clicked data item, when it has one. */
const dataIdOf = (data: unknown): { id?: string } => (typeof data === 'object' && data !== null && typeof (data as { id?: unknown }).id === 'string' ? { id: (data as { id: string }).id } : {});

export interface EChartProps {
  option: EChartsCoreOption;
  appTheme: AppTheme;
  /** what a screen reader announces for the picture */
  ariaLabel: string;
  /** the chart finished drawing (ECharts' `finished`) */
  onRendered?: () => void;
  /** a click on a data point: its category (ECharts' `name`) and the keys held */
  onPointClick?: PointClickHandler;
}

/**
 * One ECharts instance on a canvas filling its parent: created on mount (dark theme in the dark app,
 * ECharts' texts in the UI language), given the whole option fitted to its box on each change
 * (drawFitted, notMerge), resized and fitted again with its box (ResizeObserver, debounced), disposed
 * on unmount.
 */
export function EChart({ option, appTheme, ariaLabel, onRendered, onPointClick }: EChartProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const clickRef = useRef(onPointClick);
  clickRef.current = onPointClick;
  const chartRef = useRef<EChartsType | null>(null);
  const renderedRef = useRef(onRendered);
  renderedRef.current = onRendered;
  const optionRef = useRef(option);
  optionRef.current = option;
  /** the box size of the last draw: a resize to the same size (the observer's first report) draws nothing */
  const drawnAt = useRef({ width: -1, height: -1 });
  const { i18n } = useTranslation();
  const locale = echartsLocale(i18n.language);

  useLayoutEffect(() => {
    const host = hostRef.current;
    if (!host) return undefined;
    const chart = echarts.init(host, appTheme === 'dark' ? 'dark' : undefined, { renderer: 'canvas', locale });
    chartRef.current = chart;
    chart.on('finished', () => renderedRef.current?.());
    chart.on('click', (params: { componentType?: string; name?: unknown; seriesName?: unknown; data?: unknown; event?: { event?: Partial<MouseEvent> } }) => {
      if (params.componentType !== 'series' || params.name === undefined || params.name === null || params.name === '') return;
      const native = params.event?.event ?? {};
      clickRef.current?.(
        { category: String(params.name), seriesName: typeof params.seriesName === 'string' ? params.seriesName : undefined, ...dataIdOf(params.data) },
        { ctrlKey: native.ctrlKey === true, metaKey: native.metaKey === true, shiftKey: native.shiftKey === true },
      );
    });
    let timer: number | undefined;
    const observer =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(() => {
            window.clearTimeout(timer);
            timer = window.setTimeout(() => {
              if (chart.isDisposed()) return;
              const same = host.clientWidth === drawnAt.current.width && host.clientHeight === drawnAt.current.height;
              if (same && chart.getWidth() === host.clientWidth && chart.getHeight() === host.clientHeight) return;
              // the canvas and the layout follow the box's new size (labels, legend rows)
              drawnAt.current = draw(chart, optionRef.current, host);
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
    const host = hostRef.current;
    if (!chart || chart.isDisposed() || !host) return;
    drawnAt.current = draw(chart, option, host);
  }, [option, appTheme, locale]);

  return (
    <div className="bi-echart-frame" role="img" aria-label={ariaLabel}>
      <div ref={hostRef} className="bi-echart" data-testid="echart" />
    </div>
  );
}
