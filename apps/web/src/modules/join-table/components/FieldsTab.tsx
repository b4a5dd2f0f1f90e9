import { ALIAS_MAX, JOIN_LIMITS } from '@bi/rules';
import { Checkbox, Empty, Input, Table, Tag, Tooltip } from 'antd';
import { useMemo } from 'react';
import { updateField, updateFields, type DesignerState } from '../states/designer';
import { useJtTranslation } from '../i18n';
import type { JoinNodeField } from '../types';
import { duplicateTitles } from '../utils/validate';



interface FieldsTabProps {
  state: DesignerState;
  onChange: (next: (state: DesignerState) => DesignerState) => void;
}

type Row = JoinNodeField & { key: string };

/** The field settings tab: which fields the join gives (check, select all), their titles and descriptions; repeated titles are marked. */
export function FieldsTab({ state, onChange }: FieldsTabProps) {
  const { jt } = useJtTranslation();
  const rows = useMemo<Row[]>(() => state.nodes.flatMap((n) => n.fields.map((f) => ({ ...f, key: `${n.showName}\u0000${f.name}` }))), [state.nodes]);
  const duplicates = useMemo(() => new Set(duplicateTitles(state).map((t) => t.toLowerCase())), [state]);
  if (rows.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<span data-testid="join-fields-empty">{jt('fields.empty')}</span>} />;

  const checked = rows.filter((r) => r.check).length;
  const all = (
    <Checkbox
      checked={checked === rows.length}
      indeterminate={checked > 0 && checked < rows.length}
      onChange={(e) => onChange((s) => updateFields(s, (f) => ({ ...f, check: e.target.checked })))}
      aria-label={jt('fields.all')}
      data-testid="join-fields-all"
    />
  );

  return (
    <Table<Row>
      className="bi-jt-fields"
      data-testid="join-fields"
      size="small"
      rowKey="key"
      pagination={false}
      dataSource={rows}
      scroll={{ y: 360 }}
      columns={[
        {
          key: 'check',
          width: 56,
          title: <Tooltip title={jt('fields.all')}>{all}</Tooltip>,
          render: (_v, r) => (
            <Checkbox
              checked={r.check}
              onChange={(e) => onChange((s) => updateField(s, r.tbName, r.name, { check: e.target.checked }))}
              aria-label={`${jt('fields.check')} ${r.tbName}.${r.name}`}
              data-testid={`join-field-check-${r.tbName}-${r.name}`}
            />
          ),
        },
        { key: 'table', title: jt('fields.table'), dataIndex: 'tbName', width: 160, ellipsis: true },
        { key: 'name', title: jt('fields.name'), width: 180, ellipsis: true, render: (_v, r) => r.originalTitle || r.name },
        { key: 'type', title: jt('fields.type'), width: 90, render: (_v, r) => <Tag>{jt(`types.${r.dataType}`)}</Tag> },
        {
          key: 'title',
          title: jt('fields.title'),
          render: (_v, r) => {
            const duplicate = r.check && duplicates.has(r.title.trim().toLowerCase());
            return (
              <Tooltip title={duplicate ? jt('fields.duplicate') : undefined}>
                <Input
                  size="small"
                  value={r.title}
                  maxLength={ALIAS_MAX}
                  status={duplicate || (r.check && !r.title.trim()) ? 'error' : undefined}
                  aria-label={`${jt('fields.title')} ${r.tbName}.${r.name}`}
                  aria-invalid={duplicate || undefined}
                  onChange={(e) => onChange((s) => updateField(s, r.tbName, r.name, { title: e.target.value }))}
                  data-testid={`join-field-title-${r.tbName}-${r.name}`}
                />
              </Tooltip>
            );
          },
        },
        {
          key: 'description',
          title: jt('fields.description'),
          render: (_v, r) => (
            <Input
              size="small"
              value={r.description}
              maxLength={JOIN_LIMITS.description}
              aria-label={`${jt('fields.description')} ${r.tbName}.${r.name}`}
              onChange={(e) => onChange((s) => updateField(s, r.tbName, r.name, { description: e.target.value }))}
              data-testid={`join-field-description-${r.tbName}-${r.name}`}
            />
          ),
        },
      ]}
    />
  );
}
