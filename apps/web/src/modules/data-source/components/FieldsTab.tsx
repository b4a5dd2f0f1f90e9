import { DeleteOutlined, EditOutlined, PlusOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useMemo, useReducer, useState, type ReactNode } from 'react';
import { isUploadSyntheticField, UPLOAD_KEY_COLUMN } from '@bi/rules';
import { deleteConfirmation } from '../../../shared/components/deleteConfirmation';
import { dataSourceApi, dataSourceKeys } from '../api/dataSource';
import { useDetailExtensions } from '../hooks/useDetailExtensions';
import { useDsTranslation } from '../i18n';
import type { Aggregator, DataSource } from '../types';
import { aggregatorsFor, fieldsReducer, initialFieldsState, rowsToFields, toRows, validateRows, type FieldIssue, type FieldRow } from '../utils/fields';
import { errorText } from './common';

/**
 * Field-settings tab (spec 02 §2 screen 2): alias, default aggregation, calculated fields; edit, save,
 * cancel. `removableColumns` (an uploaded source the caller may change): outside editing, each
 * imported column but key_id has a remove button (POST excel_upload/Remove_field, after a confirmation).
 * Each new `addRequest` (the detail toolbar's "add field") opens editing with a new calculated field.
 */
export function FieldsTab({ source, canEdit, removableColumns = false, addRequest = 0 }: { source: DataSource; canEdit: boolean; removableColumns?: boolean; addRequest?: number }) {
  const { ds, t } = useDsTranslation();
  const extensions = useDetailExtensions();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(fieldsReducer, source.fields, initialFieldsState);
  const [attempted, setAttempted] = useState(false);

  useEffect(() => dispatch({ type: 'load', fields: source.fields }), [source.fields]);
  // the detail toolbar's "add field": start editing (if not yet) with a new calculated field
  useEffect(() => {
    if (addRequest === 0 || !canEdit) return;
    dispatch({ type: 'edit' });
    dispatch({ type: 'addCalculated' });
  }, [addRequest, canEdit]);

  const editing = state.draft !== null;
  const rows = useMemo(() => state.draft ?? toRows(state.saved), [state.draft, state.saved]);
  // key_id of an uploaded source is the product's: not listed (it stays in the list that is saved)
  const shownRows = useMemo(() => rows.filter((row) => row.calculated || !isUploadSyntheticField(source.reference, row.name)), [rows, source.reference]);
  const issues = useMemo(() => (state.draft ? validateRows(state.draft) : []), [state.draft]);

  const save = useMutation({
    mutationFn: (fields: ReturnType<typeof rowsToFields>) => dataSourceApi.updateSchema(source.dataSourceId, fields),
    onSuccess: async (updated) => {
      queryClient.setQueryData(dataSourceKeys.source(source.dataSourceId), updated);
      dispatch({ type: 'saved', fields: updated.fields });
      setAttempted(false);
      void message.success(ds('fields.saved'));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: dataSourceKeys.preview(source.dataSourceId) }),
        queryClient.invalidateQueries({ queryKey: dataSourceKeys.history(source.dataSourceId) }),
      ]);
    },
    onError: (error) => void message.error(errorText(error)),
  });

  const onSave = () => {
    if (!state.draft) return;
    if (issues.length > 0) {
      setAttempted(true);
      void message.error(ds('fields.fixProblems'));
      return;
    }
    save.mutate(rowsToFields(state.draft));
  };

  const onCancel = () => {
    setAttempted(false);
    dispatch({ type: 'cancel' });
  };

  const confirmRemove = (row: FieldRow) => {
    modal.confirm(deleteConfirmation(t, {
      title: ds('fields.removeTitle'),
      content: ds('fields.removeContent', { name: row.name || row.title }),
      onOk: () => dispatch({ type: 'remove', key: row.key }),
    }));
  };

  const issueOf = (row: FieldRow, member: FieldIssue['member']) => {
    const issue = issues.find((i) => i.key === row.key && i.member === member);
    if (!issue) return undefined;
    // an alias problem shows at once; the others after a save attempt
    return attempted || member === 'title' ? ds(`fields.problems.${issue.problem}`) : undefined;
  };
  const idOf = (row: FieldRow) => (row.isNew ? row.key.replace(':', '-') : row.name);

  const withError = (node: ReactNode, error: string | undefined) =>
    error ? (
      <div className="bi-ds-fields__cell">
        {node}
        <Typography.Text type="danger" className="bi-ds-fields__error" data-testid="field-error">
          {error}
        </Typography.Text>
      </div>
    ) : (
      node
    );

  const columns: ColumnsType<FieldRow> = [
    {
      key: 'name',
      title: ds('fields.name'),
      width: 220,
      render: (_v, row) =>
        editing && row.calculated
          ? withError(
              <Input
                size="small"
                value={row.name}
                status={issueOf(row, 'name') ? 'error' : undefined}
                data-testid={`field-name-${idOf(row)}`}
                onChange={(e) => dispatch({ type: 'calcName', key: row.key, name: e.target.value })}
                maxLength={60}
              />,
              issueOf(row, 'name'),
            )
          : (
            <Space size={4}>
              <Typography.Text code>{row.name}</Typography.Text>
              {row.calculated ? <Tag color="purple">{ds('fields.calculated')}</Tag> : null}
            </Space>
          ),
    },
    {
      key: 'title',
      title: ds('fields.alias'),
      width: 220,
      render: (_v, row) =>
        editing
          ? withError(
              <Input
                size="small"
                value={row.title}
                status={issueOf(row, 'title') ? 'error' : undefined}
                data-testid={`field-alias-${idOf(row)}`}
                onChange={(e) => dispatch({ type: 'title', key: row.key, title: e.target.value })}
                onPressEnter={onSave}
                maxLength={30}
              />,
              issueOf(row, 'title'),
            )
          : <span data-testid={`field-alias-${idOf(row)}`}>{row.title}</span>,
    },
    {
      key: 'dataType',
      title: ds('fields.dataType'),
      width: 110,
      render: (_v, row) => (row.isNew ? <Typography.Text type="secondary">—</Typography.Text> : <Tag data-testid={`field-type-${idOf(row)}`}>{ds(`fields.dataTypes.${row.dataType}`)}</Tag>),
    },
    {
      key: 'aggregator',
      title: ds('fields.aggregator'),
      width: 170,
      render: (_v, row) => {
        const label = (a: Aggregator) => ds(`fields.aggregators.${a || 'none'}`);
        if (!editing) return label(row.aggregator);
        const options = (row.isNew ? aggregatorsFor('number') : aggregatorsFor(row.dataType)).map((a) => ({ value: a, label: label(a) }));
        if (!options.some((o) => o.value === row.aggregator)) options.push({ value: row.aggregator, label: label(row.aggregator) });
        return withError(
          <Select
            size="small"
            value={row.aggregator}
            options={options}
            status={issueOf(row, 'aggregator') ? 'error' : undefined}
            data-testid={`field-aggregator-${idOf(row)}`}
            onChange={(value: Aggregator) => dispatch({ type: 'aggregator', key: row.key, aggregator: value })}
            style={{ width: 150 }}
          />,
          issueOf(row, 'aggregator'),
        );
      },
    },
    {
      key: 'expression',
      title: ds('fields.expression'),
      render: (_v, row) => {
        if (!row.calculated) return <Typography.Text type="secondary">{ds('fields.database')}</Typography.Text>;
        if (!editing) return <Typography.Text code>{row.expression}</Typography.Text>;
        return withError(
          <Input
            size="small"
            value={row.expression}
            status={issueOf(row, 'expression') ? 'error' : undefined}
            data-testid={`field-expression-${idOf(row)}`}
            placeholder="amount * 2"
            onChange={(e) => dispatch({ type: 'expression', key: row.key, expression: e.target.value })}
            maxLength={1000}
          />,
          issueOf(row, 'expression'),
        );
      },
    },
  ];
  if (!editing && removableColumns) {
    columns.push({
      key: 'actions',
      width: 64,
      render: (_v, row) => (row.calculated || row.name === UPLOAD_KEY_COLUMN || !extensions ? null : <extensions.RemoveFieldButton dataSourceId={source.dataSourceId} name={row.name} />),
    });
  }
  if (editing) {
    columns.push({
      key: 'actions',
      width: 64,
      render: (_v, row) =>
        row.calculated ? (
          <Tooltip title={ds('fields.remove')}>
            <Button type="text" danger size="small" icon={<DeleteOutlined />} aria-label={ds('fields.remove')} data-testid={`field-remove-${idOf(row)}`} onClick={() => confirmRemove(row)} />
          </Tooltip>
        ) : null,
    });
  }

  return (
    <div className="bi-ds-fields" data-testid="ds-fields" data-editing={editing ? 'true' : 'false'}>
      {canEdit ? (
        <div className="bi-ds-fields__bar">
          {editing ? (
            <Space wrap>
              <Button icon={<PlusOutlined />} onClick={() => dispatch({ type: 'addCalculated' })} data-testid="fields-add-calculated">
                {ds('fields.addCalculated')}
              </Button>
              <Button icon={<UndoOutlined />} onClick={onCancel} disabled={save.isPending} data-testid="fields-cancel">
                {ds('fields.cancel')}
              </Button>
              <Button type="primary" icon={<SaveOutlined />} onClick={onSave} loading={save.isPending} data-testid="fields-save">
                {ds('fields.save')}
              </Button>
            </Space>
          ) : (
            <Button icon={<EditOutlined />} onClick={() => dispatch({ type: 'edit' })} data-testid="fields-edit">
              {ds('fields.edit')}
            </Button>
          )}
        </div>
      ) : null}
      {editing ? (
        <Typography.Paragraph type="secondary" className="bi-ds-fields__help">
          {ds('fields.expressionHelp')}
        </Typography.Paragraph>
      ) : null}
      <Table size="small" rowKey="key" columns={columns} dataSource={shownRows} pagination={false} scroll={{ x: 'max-content' }} locale={{ emptyText: ds('fields.empty') }} />
    </div>
  );
}
