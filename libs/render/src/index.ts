import type { RenderChartInput, RenderDashboardInput, RenderDashboardPdfInput } from './types.js';

export * from './types.js';
export { tableToXlsx, tableToCsv, resultTable, detailsTable, sheetName, xlsxCell, attachmentDisposition, XLSX_CONTENT_TYPE, CSV_CONTENT_TYPE, EXCEL_CELL_MAX } from './xlsx.js';

type Drawing = typeof import('./drawing.js');
let drawing: Promise<Drawing> | undefined;

/**
 * The drawing code — ECharts, resvg and the CJK fonts, about 1 s and 100 MB — loads on the first drawing, not when
 * a process imports @bi/render: the BFF and the warning service import it at start for the sheet rules and draw only
 * when someone shares a chart or a report runs.
 */
export function loadDrawing(): Promise<Drawing> {
  drawing ??= import('./drawing.js');
  return drawing;
}

export async function renderChartSvg(input: RenderChartInput): Promise<string> {
  return (await loadDrawing()).renderChartSvg(input);
}
export async function renderChartPng(input: RenderChartInput): Promise<Buffer> {
  return (await loadDrawing()).renderChartPng(input);
}
export async function renderDashboardSvg(input: RenderDashboardInput): Promise<string> {
  return (await loadDrawing()).renderDashboardSvg(input);
}
export async function renderDashboardPng(input: RenderDashboardInput): Promise<Buffer> {
  return (await loadDrawing()).renderDashboardPng(input);
}
export async function renderDashboardPdf(input: RenderDashboardPdfInput): Promise<Buffer> {
  return (await loadDrawing()).renderDashboardPdf(input);
}
