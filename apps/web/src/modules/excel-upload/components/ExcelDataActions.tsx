import { DeleteOutlined } from '@ant-design/icons';
import { App, Button, Space, Tooltip, Typography } from 'antd';
import type { Key } from 'react';
import i18n from '../../../shared/i18n';
import { deleteConfirmation } from '../../../shared/components/deleteConfirmation';
import type { DataSource } from '../../data-source/types';
import { hasPrimaryKey, useDeleteExcelRows, useRemoveExcelField } from '../hooks/useExcelData';
import { useXlTranslation } from '../i18n';

const errorText = (error: unknown) => (error instanceof Error && error.message ? error.message : i18n.t('errors.operationFailed'));

/**
 * The preview tab's delete button for an uploaded source (spec 02 §2 screen 2, §5, §8): deletes the
 * rows whose key_id is selected, after a confirmation. With no row selected, or on a source without
 * key_id, nothing is asked and the error ('no excel data to delete', 'cannot delete data without
 * primary key', or the server's text) is shown.
 */
export function ExcelDeleteRowsButton({
  dataSource,
  keyIds,
  onDeleted,
}: {
  dataSource: Pick<DataSource, 'dataSourceId' | 'tableName' | 'reference' | 'fields'>;
  keyIds: readonly Key[];
  onDeleted: (deleted: number) => void;
}) {
  const { xl, t } = useXlTranslation();
  const { message, modal } = App.useApp();
  const remove = useDeleteExcelRows();

  const run = async () => {
    try {
      const answer = await remove.mutateAsync({ dataSource, keyIds: keyIds.map((k) => (typeof k === 'bigint' ? String(k) : k)) });
      void message.success(xl('result.deleted', { count: answer.deleted }));
      onDeleted(answer.deleted);
    } catch (error) {
      void message.error(errorText(error));
    }
  };

  const onClick = () => {
    // nothing chosen or no primary key: the hook refuses with the spec's text, no confirmation first
    if (keyIds.length === 0 || !hasPrimaryKey(dataSource)) return void run();
    modal.confirm(deleteConfirmation(t, {
      title: xl('rows.deleteTitle'),
      content: xl('rows.deleteContent', { count: keyIds.length }),
      onOk: run,
    }));
  };

  return (
    <Space size={12} className="bi-xl-rows-bar">
      {/* nothing to delete until rows are selected */}
      <Tooltip title={keyIds.length === 0 ? xl('rows.selectFirst') : undefined}>
        <Button
          danger
          icon={<DeleteOutlined />}
          loading={remove.isPending}
          disabled={keyIds.length === 0}
          onClick={onClick}
          data-testid="excel-delete-rows"
        >
          {keyIds.length > 0 ? xl('rows.deleteSelected', { count: keyIds.length }) : xl('rows.delete')}
        </Button>
      </Tooltip>
      {keyIds.length > 0 ? (
        <Typography.Text type="secondary" data-testid="excel-rows-selected">
          {xl('rows.selected', { count: keyIds.length })}
        </Typography.Text>
      ) : null}
    </Space>
  );
}

/**
 * The field tab's remove button for a column of an uploaded source (POST excel_upload/Remove_field,
 * spec 02 §7): asks first (§8 "Field removal asks for confirmation"), then drops the field and its
 * data; the server's refusal (key_id, the last field, a field a calculated field uses) is shown.
 */
export function ExcelRemoveFieldButton({ dataSourceId, name }: { dataSourceId: string; name: string }) {
  const { xl, t } = useXlTranslation();
  const { message, modal } = App.useApp();
  const remove = useRemoveExcelField();
  const onClick = () =>
    modal.confirm(deleteConfirmation(t, {
      title: xl('fields.removeTitle'),
      content: xl('fields.removeContent', { name }),
      onOk: async () => {
        try {
          await remove.mutateAsync({ dataSourceId, name });
          void message.success(xl('fields.removed', { name }));
        } catch (error) {
          void message.error(errorText(error));
        }
      },
    }));
  return (
    <Tooltip title={xl('fields.remove')}>
      <Button type="text" danger size="small" icon={<DeleteOutlined />} aria-label={xl('fields.remove')} loading={remove.isPending} onClick={onClick} data-testid={`excel-remove-field-${name}`} />
    </Tooltip>
  );
}
