import { useMemo } from 'react';
import type { EChartsCoreOption } from '../../echarts/core';
import type { AppTheme, ChartAnswer, ChartType, PointClickHandler, TablePage } from '../../types';
import { applyFormatters } from '../../utils/formatters';
import { adaptToAppTheme } from '../../utils/theme';

/** What every renderer gets. */
export interface RendererProps {
  answer: ChartAnswer;
  kind: ChartType;
  title: string;
  appTheme: AppTheme;
  /** drawn, or failed for good: the box is done loading */
  onDone: () => void;
  /** kind table: another page or page size */
  onPageChange: (page: TablePage) => void;
  /** a table page is loading */
  paging: boolean;
  /** a click on a point (cartesian kinds, pie, funnel, a table row) */
  onPointClick?: PointClickHandler;
}

/** The answer's option in the app theme, with the formatter functions of its kind. */
export function usePreparedOption(answer: ChartAnswer, kind: ChartType, appTheme: AppTheme): EChartsCoreOption {
  return useMemo(() => applyFormatters(adaptToAppTheme(answer.option, answer.chart, appTheme), kind, answer.meta?.formatters), [answer, kind, appTheme]);
}
