import { UPLOAD_KEY_COLUMN, UPLOAD_REFERENCE } from '@bi/rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../shared/api/http';
import { dataSourceKeys } from '../../data-source/api/dataSource';
import type { DataSource } from '../../data-source/types';
import { excelUploadApi } from '../api/excelUpload';
import { useXlTranslation } from '../i18n';

/** An uploaded (Excel or CSV) source: the detail page offers append, replace, row delete and field removal. */
export function isUploadSource(source: Pick<DataSource, 'reference'>): boolean {
  return source.reference === UPLOAD_REFERENCE;
}

/** Whether rows of a source can be deleted by key_id (an uploaded source; spec 02 §5). */
export function hasPrimaryKey(source: Pick<DataSource, 'reference' | 'fields'>): boolean {
  return source.reference === UPLOAD_REFERENCE && source.fields.some((f) => f.name === UPLOAD_KEY_COLUMN);
}

export interface DeleteRowsInput {
  /** the source (its tableName, reference and fields are read) */
  dataSource: Pick<DataSource, 'dataSourceId' | 'tableName' | 'reference' | 'fields'>;
  /** key_id values of the selected rows */
  keyIds: (string | number)[];
}

/**
 * DELETE /api/data_source/deleteExcelData/{tableName}/{keyIds}: deletes the selected rows of an
 * uploaded source, then refetches what was read about it (preview, history, detail). No selection
 * fails with 'no excel data to delete', a source without key_id with 'cannot delete data without
 * primary key' (spec 02 §5, §8), before anything is sent.
 */
export function useDeleteExcelRows() {
  const { xl } = useXlTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ dataSource, keyIds }: DeleteRowsInput) => {
      if (!hasPrimaryKey(dataSource)) throw new ApiError(xl('errors.noPrimaryKey'), 400);
      if (keyIds.length === 0) throw new ApiError(xl('errors.noRows'), 400);
      return excelUploadApi.deleteRows(dataSource.tableName, keyIds);
    },
    onSuccess: (_result, { dataSource }) => queryClient.invalidateQueries({ queryKey: dataSourceKeys.ofSource(dataSource.dataSourceId) }),
  });
}

/** POST /api/excel_upload/Remove_field {dataSourceId, name}; the answer is the changed source. */
export function useRemoveExcelField() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ dataSourceId, name }: { dataSourceId: string; name: string }) => excelUploadApi.removeField(dataSourceId, name),
    onSuccess: async (source) => {
      queryClient.setQueryData(dataSourceKeys.source(source.dataSourceId), source);
      await queryClient.invalidateQueries({ queryKey: dataSourceKeys.ofSource(source.dataSourceId) });
    },
  });
}
