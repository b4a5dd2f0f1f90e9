import type { Tab } from '@bi/rules';
import { App } from 'antd';
import { useContext } from 'react';
import { ApiError } from '../../../shared/api/http';
import { saveBlob } from '../../../shared/api/download';
import { DetailRoutesContext } from '../api/detail';
import { useChartDetailTranslation } from '../i18n';
import type { DetailRequest } from '../types';

/**
 * Saves a chart's detail rows as .xlsx (POST /api/dashboard/export_details/…): the file is downloaded;
 * more than 9999 rows is the server's informational hint (spec 01 §5/§8), other failures are errors.
 */
export function useExportRows(tab: Tab) {
  const { cd } = useChartDetailTranslation();
  const { message } = App.useApp();
  const routes = useContext(DetailRoutesContext);
  return async (chartId: string, request: DetailRequest, title: string): Promise<void> => {
    try {
      const { blob, fileName } = await routes.exportXlsx(tab, chartId, request, title);
      saveBlob(blob, fileName);
      void message.success(cd('detail.exported', { name: fileName }));
    } catch (error) {
      const text = error instanceof Error ? error.message : cd('detail.loadFailed');
      if (error instanceof ApiError && error.httpStatus === 400) void message.info(text);
      else void message.error(text);
    }
  };
}
