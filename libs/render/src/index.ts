export * from './types.js';
export { renderChartSvg, renderChartPng } from './chart.js';
export { renderDashboardSvg, renderDashboardPng } from './dashboard.js';
export { renderDashboardPdf } from './pdf.js';
export { tableToXlsx, tableToCsv, resultTable, detailsTable, sheetName, xlsxCell, attachmentDisposition, XLSX_CONTENT_TYPE, CSV_CONTENT_TYPE, EXCEL_CELL_MAX } from './xlsx.js';
