import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { useDraggable } from '@dnd-kit/core';
import { Button, Dropdown, Empty, Input, Spin, Typography } from 'antd';
import { useMemo, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useChartEditorTranslation } from '../i18n';
import type { SchemaField, ZoneKey } from '../types';
import { searchFields } from '../utils/fields';
import { sourceDragId } from '../utils/zones';
import { FieldTypeIcon } from './FieldTypeIcon';

interface FieldListProps {
  fields: SchemaField[];
  loading: boolean;
  error: string | null;
  /** zones shown now (a field can be added to these from its menu) */
  zones: ZoneKey[];
  onAdd: (zone: ZoneKey, field: SchemaField) => void;
}

const stop = (event: MouseEvent | KeyboardEvent) => event.stopPropagation();

function SourceFieldRow({ field, zones, onAdd }: { field: SchemaField; zones: ZoneKey[]; onAdd: FieldListProps['onAdd'] }) {
  const { ce } = useChartEditorTranslation();
  const { setNodeRef, listeners, attributes, isDragging } = useDraggable({ id: sourceDragId(field.name) });
  const label = field.title || field.name;
  return (
    <li
      ref={setNodeRef}
      className={`bi-source-field${isDragging ? ' is-dragging' : ''}`}
      data-testid={`source-field-${field.name}`}
      data-type={field.dataType}
      {...listeners}
      {...attributes}
      aria-roledescription="draggable field"
      aria-label={label}
    >
      <FieldTypeIcon dataType={field.dataType} calculated={field.calculated} />
      <span className="bi-source-field__name" title={field.name === label ? label : `${label} (${field.name})`}>
        {label}
      </span>
      <Dropdown
        trigger={['click']}
        destroyOnHidden
        menu={{
          items: zones.map((zone) => ({ key: zone, label: ce(`zones.${zone}`), 'data-testid': `add-to-${zone}` })),
          onClick: ({ key, domEvent }) => {
            domEvent.stopPropagation();
            onAdd(key as ZoneKey, field);
          },
        }}
      >
        <Button
          type="text"
          size="small"
          className="bi-source-field__add"
          icon={<PlusOutlined />}
          aria-label={ce('fields.addTo', { name: label })}
          data-testid={`source-field-add-${field.name}`}
          onPointerDown={stop as never}
          onKeyDown={stop}
          onClick={stop}
        />
      </Dropdown>
    </li>
  );
}

/** Left column: the source's fields with type icons and a search; drag a field to a zone, or add it through its menu. */
export function FieldList({ fields, loading, error, zones, onAdd }: FieldListProps) {
  const { ce } = useChartEditorTranslation();
  const [text, setText] = useState('');
  const shown = useMemo(() => searchFields(fields, text), [fields, text]);
  let body;
  if (loading) body = <Spin className="bi-editor__status" />;
  else if (error) body = <Typography.Text type="danger">{ce('fields.loadFailed')}: {error}</Typography.Text>;
  else if (fields.length === 0) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={ce('fields.empty')} />;
  else if (shown.length === 0) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<span data-testid="field-no-match">{ce('fields.noMatch')}</span>} />;
  else
    body = (
      <ul className="bi-source-fields" data-testid="source-fields">
        {shown.map((field) => (
          <SourceFieldRow key={field.name} field={field} zones={zones} onAdd={onAdd} />
        ))}
      </ul>
    );
  return (
    <nav className="bi-editor__fields" aria-label={ce('page.fieldsLabel')} data-testid="field-list">
      <Input
        allowClear
        size="small"
        prefix={<SearchOutlined />}
        placeholder={ce('fields.search')}
        aria-label={ce('fields.search')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        data-testid="field-search"
      />
      {body}
    </nav>
  );
}
