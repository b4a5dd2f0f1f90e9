import { useMemo } from 'react';
import type { EChartsCoreOption } from '../../echarts/core';
import type { AppTheme, ChartAnswer, ChartType, TablePage } from '../../types';
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
  /**
   * Drawn in a chart box, whose header shows the title: the option's own title is not drawn (one
   * title). The editor's preview and other places without a header leave it as the option says.
   */
  inBox?: boolean;
}

/** The option without its drawn title (the box header shows it). */
export function withoutTitle(option: EChartsCoreOption): EChartsCoreOption {
  const title = option.title;
  if (!title || typeof title !== 'object' || Array.isArray(title)) return option;
  return { ...option, title: { ...(title as Record<string, unknown>), show: false } };
}

/** The answer's option in the app theme, with the formatter functions of its kind (in a box without its drawn title). */
export function usePreparedOption(answer: ChartAnswer, kind: ChartType, appTheme: AppTheme, inBox = false): EChartsCoreOption {
  return useMemo(() => {
    const option = applyFormatters(adaptToAppTheme(answer.option, answer.chart, appTheme), kind, answer.meta?.formatters);
    return inBox ? withoutTitle(option) : option;
  }, [answer, kind, appTheme, inBox]);
}
