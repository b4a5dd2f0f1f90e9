/** Excel and CSV uploads (spec 02 §2 screen 6): the wizard page and the pieces for the detail page. */
export { ExcelUploadPage } from './components/ExcelUploadPage';
export { ExcelToolbarActions, excelWizardPath } from './components/ExcelToolbarActions';
export { ExcelDeleteRowsButton, ExcelRemoveFieldButton } from './components/ExcelDataActions';
export { excelDetailExtensions } from './detailExtensions';
export { hasPrimaryKey, isUploadSource, useDeleteExcelRows, useRemoveExcelField, type DeleteRowsInput } from './hooks/useExcelData';
