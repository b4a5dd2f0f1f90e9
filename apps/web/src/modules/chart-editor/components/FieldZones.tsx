import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { Chart } from '@bi/chart-model';
import { useDroppable } from '@dnd-kit/core';
import { rectSortingStrategy, SortableContext } from '@dnd-kit/sortable';
import { Button, Dropdown, Typography } from 'antd';
import { useChartEditorTranslation } from '../i18n';
import type { SchemaField, ZoneKey } from '../types';
import { areaToggleOffered, zoneOverflow, type Areas } from '../utils/rules';
import { itemDragId, TRASH_ID, zoneDropId } from '../utils/zones';
import { FieldChip, type FieldAction } from './FieldChip';
import { FieldTypeIcon } from './FieldTypeIcon';

interface ZoneProps {
  chart: Chart;
  zone: ZoneKey;
  fields: SchemaField[];
  /** the zones shown (moves go between them) */
  shown: ZoneKey[];
  dragging: boolean;
  onAdd: (zone: ZoneKey, field: SchemaField) => void;
  onAction: (zone: ZoneKey, index: number, action: FieldAction) => void;
}

/** One zone: its title with an "add field" menu (the keyboard's way in), and its fields, sortable and a drop target. */
function Zone({ chart, zone, fields, shown, dragging, onAdd, onAction }: ZoneProps) {
  const { ce } = useChartEditorTranslation();
  const { setNodeRef, isOver } = useDroppable({ id: zoneDropId(zone) });
  const list = chart[zone];
  const title = ce(`zones.${zone}`);
  const overflow = zoneOverflow(chart, zone);
  const headingId = `bi-zone-title-${zone}`;
  return (
    <section
      className={`bi-zone${isOver ? ' is-over' : ''}${dragging ? ' is-target' : ''}`}
      data-testid={`zone-${zone}`}
      data-count={list.length}
      aria-labelledby={headingId}
      tabIndex={-1}
    >
      <header className="bi-zone__head">
        <span id={headingId} className="bi-zone__title">
          {title}
        </span>
        {overflow !== null ? (
          <Typography.Text type="warning" className="bi-zone__hint" data-testid={`zone-overflow-${zone}`}>
            {ce('zones.overflow', { max: overflow })}
          </Typography.Text>
        ) : null}
        <Dropdown
          trigger={['click']}
          destroyOnHidden
          overlayClassName="bi-zone-add-menu"
          disabled={fields.length === 0}
          menu={{
            items: fields.map((f) => ({
              key: f.name,
              label: (
                <span className="bi-zone-add-menu__item">
                  <FieldTypeIcon dataType={f.dataType} calculated={f.calculated} /> {f.title || f.name}
                </span>
              ),
              'data-testid': `zone-add-${zone}-${f.name}`,
            })),
            onClick: ({ key }) => {
              const field = fields.find((f) => f.name === key);
              if (field) onAdd(zone, field);
            },
          }}
        >
          <Button type="text" size="small" icon={<PlusOutlined />} aria-label={ce('zones.addTo', { zone: title })} data-testid={`zone-add-${zone}`} className="bi-zone__add" />
        </Dropdown>
      </header>
      <SortableContext items={list.map((_f, i) => itemDragId(zone, i))} strategy={rectSortingStrategy}>
        <ul ref={setNodeRef} className="bi-zone__list" data-testid={`zone-list-${zone}`}>
          {list.length === 0 ? <li className="bi-zone__empty">{ce('zones.dropHere')}</li> : null}
          {list.map((field, index) => (
            <FieldChip
              key={`${zone}:${index}:${field.name}`}
              chart={chart}
              zone={zone}
              index={index}
              count={list.length}
              field={field}
              targets={shown.filter((z) => z !== zone)}
              onAction={(action) => onAction(zone, index, action)}
            />
          ))}
        </ul>
      </SortableContext>
    </section>
  );
}

function Trash({ active }: { active: boolean }) {
  const { ce } = useChartEditorTranslation();
  const { setNodeRef, isOver } = useDroppable({ id: TRASH_ID });
  return (
    <div ref={setNodeRef} className={`bi-trash${isOver ? ' is-over' : ''}${active ? ' is-active' : ''}`} data-testid="zone-trash" aria-hidden={!active}>
      <DeleteOutlined /> {ce('zones.trash')}
    </div>
  );
}

interface FieldZonesProps {
  chart: Chart;
  fields: SchemaField[];
  /** zones shown now */
  shown: ZoneKey[];
  /** something is dragged; a zone's field: the trash is a target */
  dragging: 'source' | 'zone' | null;
  onAdd: (zone: ZoneKey, field: SchemaField) => void;
  onAction: (zone: ZoneKey, index: number, action: FieldAction) => void;
  onArea: (area: keyof Areas, open: boolean) => void;
}

/** Centre: the zones for dimensions, compare, values and second values, the area switches and the trash. */
export function FieldZones({ chart, fields, shown, dragging, onAdd, onAction, onArea }: FieldZonesProps) {
  const { ce } = useChartEditorTranslation();
  const zoneProps = { chart, fields, shown, dragging: dragging !== null, onAdd, onAction };
  const toggle = (area: keyof Areas, name: string) => {
    if (!areaToggleOffered(chart, area)) return null;
    const open = shown.includes(area);
    return (
      <Button
        size="small"
        type={open ? 'default' : 'dashed'}
        icon={open ? <DeleteOutlined /> : <PlusOutlined />}
        onClick={() => onArea(area, !open)}
        data-testid={`area-${area}`}
        aria-pressed={open}
      >
        {open ? ce('zones.removeArea', { area: name }) : ce('zones.enableArea', { area: name })}
      </Button>
    );
  };
  return (
    <div className="bi-zones" role="group" aria-label={ce('page.zonesLabel')} data-testid="field-zones">
      <div className="bi-zones__row">
        <Zone zone="points" {...zoneProps} />
        {shown.includes('secondPoints') ? <Zone zone="secondPoints" {...zoneProps} /> : null}
      </div>
      <div className="bi-zones__row">
        <Zone zone="values" {...zoneProps} />
        {shown.includes('secondValues') ? <Zone zone="secondValues" {...zoneProps} /> : null}
      </div>
      <div className="bi-zones__tools">
        {toggle('secondPoints', ce('zones.compareArea'))}
        {toggle('secondValues', ce('zones.secondAxisArea'))}
        <Trash active={dragging === 'zone'} />
      </div>
    </div>
  );
}
