import { CheckOutlined, CloseOutlined, FilterOutlined, HolderOutlined } from '@ant-design/icons';
import type { Aggregator, Chart, ChartField } from '@bi/chart-model';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, Dropdown, type MenuProps } from 'antd';
import type { KeyboardEvent, MouseEvent } from 'react';
import { useChartEditorTranslation } from '../i18n';
import type { ZoneKey } from '../types';
import { fieldLabel, GRANULARITIES, GRANULARITY_NAMES, SORT_ORDERS } from '../utils/fields';
import { fieldOptions } from '../utils/rules';
import { itemDragId } from '../utils/zones';
import { FieldTypeIcon } from './FieldTypeIcon';

/** What a field's menu asks the editor to do. */
export type FieldAction =
  | { kind: 'aggregator'; value: Aggregator }
  | { kind: 'granularity'; value: NonNullable<ChartField['granularity']> }
  | { kind: 'order'; value: NonNullable<ChartField['orderBy']> }
  | { kind: 'trendline' }
  | { kind: 'formatter' | 'alias' | 'filter' | 'up' | 'down' | 'remove' }
  | { kind: 'move'; zone: ZoneKey };

interface FieldChipProps {
  chart: Chart;
  zone: ZoneKey;
  index: number;
  count: number;
  field: ChartField;
  /** zones the field may be moved to */
  targets: ZoneKey[];
  onAction: (action: FieldAction) => void;
}

const stop = (event: MouseEvent | KeyboardEvent) => event.stopPropagation();
const ORDER_KEY = { '': 'none', asc: 'asc', desc: 'desc' } as const;

function parseKey(key: string): FieldAction | null {
  const [kind, value = ''] = key.split(':');
  switch (kind) {
    case 'agg':
      return { kind: 'aggregator', value: value as Aggregator };
    case 'gran':
      return { kind: 'granularity', value: Number(value) as 0 | 1 | 2 | 3 | 4 | 5 };
    case 'order':
      return { kind: 'order', value: value as '' | 'asc' | 'desc' };
    case 'move':
      return { kind: 'move', zone: value as ZoneKey };
    case 'trendline':
      return { kind: 'trendline' };
    case 'formatter':
    case 'alias':
    case 'filter':
    case 'up':
    case 'down':
    case 'remove':
      return { kind };
    default:
      return null;
  }
}

const checked = (on: boolean) => (on ? <CheckOutlined /> : <span className="bi-menu-blank" aria-hidden="true" />);

/** A field in a zone: drag handle (sortable, also by keyboard), its label and settings menu, and a remove button. */
export function FieldChip({ chart, zone, index, count, field, targets, onAction }: FieldChipProps) {
  const { ce } = useChartEditorTranslation();
  const { setNodeRef, setActivatorNodeRef, listeners, attributes, transform, transition, isDragging } = useSortable({ id: itemDragId(zone, index) });
  const options = fieldOptions(chart, zone, field);
  const label = fieldLabel(field);

  const detail: string[] = [];
  if (options.aggregators.length > 0 && field.aggregator) detail.push(ce(`field.aggregators.${field.aggregator}`));
  if (options.granularity && field.granularity) detail.push(ce(`field.granularities.${GRANULARITY_NAMES[field.granularity]}`));
  if (field.orderBy) detail.push(field.orderBy === 'asc' ? '↑' : '↓');

  const items: MenuProps['items'] = [];
  if (options.aggregators.length > 0) {
    items.push({
      key: 'agg',
      label: `${ce('field.aggregator')}: ${ce(`field.aggregators.${field.aggregator ?? 'sum'}`)}`,
      popupClassName: 'bi-field-submenu',
      children: options.aggregators.map((a) => ({ key: `agg:${a}`, label: ce(`field.aggregators.${a}`), icon: checked(field.aggregator === a), 'data-testid': `agg-${a}` })),
      'data-testid': 'menu-aggregator',
    } as never);
  }
  if (options.granularity) {
    items.push({
      key: 'gran',
      label: `${ce('field.granularity')}: ${ce(`field.granularities.${GRANULARITY_NAMES[field.granularity ?? 0]}`)}`,
      popupClassName: 'bi-field-submenu',
      children: GRANULARITIES.map((g) => ({ key: `gran:${g}`, label: ce(`field.granularities.${GRANULARITY_NAMES[g]}`), icon: checked((field.granularity ?? 0) === g), 'data-testid': `gran-${GRANULARITY_NAMES[g]}` })),
      'data-testid': 'menu-granularity',
    } as never);
  }
  items.push({
    key: 'order',
    label: `${ce('field.order')}: ${ce(`field.orders.${ORDER_KEY[field.orderBy ?? '']}`)}`,
    popupClassName: 'bi-field-submenu',
    children: SORT_ORDERS.map((o) => ({ key: `order:${o}`, label: ce(`field.orders.${ORDER_KEY[o]}`), icon: checked((field.orderBy ?? '') === o), 'data-testid': `order-${ORDER_KEY[o]}` })),
    'data-testid': 'menu-order',
  } as never);
  if (options.trendline) items.push({ key: 'trendline', label: ce('field.trendline'), icon: checked(Boolean(field.showTrendline)), 'data-testid': 'menu-trendline' } as never);
  items.push({ type: 'divider' });
  if (options.formatter) items.push({ key: 'formatter', label: ce('field.formatter'), 'data-testid': 'menu-formatter' } as never);
  items.push({ key: 'alias', label: ce('field.alias'), 'data-testid': 'menu-alias' } as never);
  items.push({ key: 'filter', label: ce('field.filter'), 'data-testid': 'menu-filter' } as never);
  items.push({ type: 'divider' });
  if (index > 0) items.push({ key: 'up', label: ce('field.moveUp'), 'data-testid': 'menu-up' } as never);
  if (index < count - 1) items.push({ key: 'down', label: ce('field.moveDown'), 'data-testid': 'menu-down' } as never);
  if (targets.length > 0) {
    items.push({
      key: 'move',
      label: ce('field.moveTo'),
      popupClassName: 'bi-field-submenu',
      children: targets.map((z) => ({ key: `move:${z}`, label: ce(`zones.${z}`), 'data-testid': `move-${z}` })),
      'data-testid': 'menu-move',
    } as never);
  }
  items.push({ key: 'remove', label: ce('field.remove'), danger: true, 'data-testid': 'menu-remove' } as never);

  const selectedKeys = [`agg:${field.aggregator ?? ''}`, `gran:${field.granularity ?? 0}`, `order:${field.orderBy ?? ''}`];

  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={`bi-chip${isDragging ? ' is-dragging' : ''}`}
      data-testid={`zone-item-${zone}-${index}`}
      data-name={field.name}
      data-aggregator={field.aggregator ?? ''}
      data-granularity={field.granularity ?? ''}
      data-order={field.orderBy ?? ''}
      data-trendline={field.showTrendline ? 'true' : 'false'}
      data-filtered={field.fieldFilter && field.fieldFilter.conditions.length > 0 ? 'true' : 'false'}
      data-formatted={field.formatter ? 'true' : 'false'}
    >
      <span
        ref={setActivatorNodeRef}
        className="bi-chip__handle"
        {...listeners}
        {...attributes}
        aria-label={`${ce(`zones.${zone}`)}: ${label}`}
        aria-roledescription="sortable field"
        data-testid={`zone-item-handle-${zone}-${index}`}
      >
        <HolderOutlined />
      </span>
      <Dropdown
        trigger={['click']}
        destroyOnHidden
        menu={{
          items,
          selectable: true,
          selectedKeys,
          triggerSubMenuAction: 'click',
          onClick: ({ key, domEvent }) => {
            domEvent.stopPropagation();
            const action = parseKey(String(key));
            if (action) onAction(action);
          },
        }}
      >
        <button type="button" className="bi-chip__label" aria-label={ce('field.menu', { name: label })} aria-haspopup="menu" data-testid={`field-menu-${zone}-${index}`} onKeyDown={stop}>
          <FieldTypeIcon dataType={field.dataType} />
          <span className="bi-chip__text">{label}</span>
          {detail.length > 0 ? <span className="bi-chip__detail">{detail.join(' · ')}</span> : null}
          {field.fieldFilter && field.fieldFilter.conditions.length > 0 ? <FilterOutlined className="bi-chip__flag" aria-label={ce('field.filtered')} title={ce('field.filtered')} role="img" /> : null}
        </button>
      </Dropdown>
      <Button
        type="text"
        size="small"
        className="bi-chip__remove"
        icon={<CloseOutlined />}
        aria-label={`${ce('field.remove')}: ${label}`}
        data-testid={`zone-item-remove-${zone}-${index}`}
        onClick={() => onAction({ kind: 'remove' })}
      />
    </li>
  );
}
