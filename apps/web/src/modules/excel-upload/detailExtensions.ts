import type { DataSourceDetailExtensions } from '../data-source/hooks/useDetailExtensions';
import { ExcelDeleteRowsButton, ExcelRemoveFieldButton } from './components/ExcelDataActions';
import { ExcelToolbarActions } from './components/ExcelToolbarActions';
import { isUploadSource } from './hooks/useExcelData';

/** The upload pieces of a source's detail page (spec 02 §2 screen 6), given to the data-source module by the app shell. */
export const excelDetailExtensions: DataSourceDetailExtensions = {
  appliesTo: isUploadSource,
  ToolbarActions: ExcelToolbarActions,
  DeleteRowsButton: ExcelDeleteRowsButton,
  RemoveFieldButton: ExcelRemoveFieldButton,
};
