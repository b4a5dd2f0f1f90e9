/** The formatter functions of a JSON option live in @bi/charts (apply-formatters.ts), shared with the server's pictures (@bi/render). */
export {
  applyFormatters,
  cartesianTooltip,
  categoryText,
  escapeHtml,
  isHorizontalOption as isHorizontal,
  itemTooltip,
  seriesFormatter,
  valueLabel,
  type EChartsJson,
  type TooltipFormatter,
  type TooltipParam,
  type ValueFormatter,
} from '@bi/charts';
