/** The drawing half of @bi/render (ECharts, resvg, the CJK fonts, pdfkit): loaded on first use by index.ts's loadDrawing. */
export { renderChartSvg, renderChartPng } from './chart.js';
export { renderDashboardSvg, renderDashboardPng } from './dashboard.js';
export { renderDashboardPdf } from './pdf.js';
