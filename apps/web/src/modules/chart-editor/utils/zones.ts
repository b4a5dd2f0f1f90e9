import type { Chart, ChartField } from '@bi/chart-model';
import type { SchemaField, SourceField, ZoneKey } from '../types';
import { fitToZone, newChartField } from './fields';

/** Most fields per zone (docs/api/chart.md: points ≤ 10, second points ≤ 1, values and second values ≤ 50). */
export const ZONE_MAX: Readonly<Record<ZoneKey, number>> = { points: 10, secondPoints: 1, values: 50, secondValues: 50 };

/** Why an edit of the zones was refused. */
export type ZoneProblem = 'full';

export type ZoneEdit = { chart: Chart; problem?: undefined } | { chart?: undefined; problem: ZoneProblem };

/** What is dragged: a field of the source list, or a field of a zone (by its place). */
export type DragRef = { kind: 'source'; field: SchemaField | SourceField } | { kind: 'zone'; zone: ZoneKey; index: number };

/** Where it is dropped: into a zone (before the field at `index`, or at the end), or on the trash. */
export type DropRef = { kind: 'zone'; zone: ZoneKey; index?: number } | { kind: 'trash' };

const withZone = (chart: Chart, zone: ZoneKey, list: ChartField[]): Chart => ({ ...chart, [zone]: list });

function insertAt<T>(list: readonly T[], index: number | undefined, item: T): T[] {
  const at = index === undefined || index < 0 || index > list.length ? list.length : index;
  return [...list.slice(0, at), item, ...list.slice(at)];
}

/** Moves an item of a list from one place to another (the sortable list's reorder). */
export function arrayMove<T>(list: readonly T[], from: number, to: number): T[] {
  const out = [...list];
  if (from < 0 || from >= out.length) return out;
  const [item] = out.splice(from, 1);
  out.splice(Math.max(0, Math.min(to, out.length)), 0, item as T);
  return out;
}

/** Adds a source field to a zone (at `index`, or at the end). */
export function addField(chart: Chart, zone: ZoneKey, source: SchemaField | SourceField, index?: number): ZoneEdit {
  if (chart[zone].length >= ZONE_MAX[zone]) return { problem: 'full' };
  return { chart: withZone(chart, zone, insertAt(chart[zone], index, newChartField(source, zone))) };
}

/** Removes the field at `index` of a zone. */
export function removeField(chart: Chart, zone: ZoneKey, index: number): Chart {
  return withZone(
    chart,
    zone,
    chart[zone].filter((_f, i) => i !== index),
  );
}

/** Changes the field at `index` of a zone. */
export function updateField(chart: Chart, zone: ZoneKey, index: number, change: (field: ChartField) => ChartField): Chart {
  return withZone(
    chart,
    zone,
    chart[zone].map((f, i) => (i === index ? change(f) : f)),
  );
}

/**
 * Moves a zone's field: inside its zone to another place (reorder), or into another zone (before
 * the field at `to.index`, or at the end), where it takes that zone's settings (fitToZone).
 */
export function moveField(chart: Chart, from: { zone: ZoneKey; index: number }, to: { zone: ZoneKey; index?: number }): ZoneEdit {
  const field = chart[from.zone][from.index];
  if (!field) return { chart };
  if (from.zone === to.zone) {
    const target = to.index === undefined ? chart[from.zone].length - 1 : to.index;
    if (target === from.index) return { chart };
    return { chart: withZone(chart, from.zone, arrayMove(chart[from.zone], from.index, target)) };
  }
  if (chart[to.zone].length >= ZONE_MAX[to.zone]) return { problem: 'full' };
  const without = removeField(chart, from.zone, from.index);
  return { chart: withZone(without, to.zone, insertAt(without[to.zone], to.index, fitToZone(field, to.zone))) };
}

/** The edit a drag-and-drop makes: add from the list, move or reorder between zones, remove on the trash; nothing when dropped elsewhere. */
export function applyDrop(chart: Chart, drag: DragRef, drop: DropRef | null): ZoneEdit {
  if (!drop) return { chart };
  if (drag.kind === 'source') return drop.kind === 'zone' ? addField(chart, drop.zone, drag.field, drop.index) : { chart };
  if (drop.kind === 'trash') return { chart: removeField(chart, drag.zone, drag.index) };
  return moveField(chart, { zone: drag.zone, index: drag.index }, { zone: drop.zone, index: drop.index });
}

// ---- drag and drop ids (dnd-kit): `src:<name>`, `item:<zone>:<index>`, `zone:<zone>`, `trash`

export const sourceDragId = (name: string) => `src:${name}`;
export const itemDragId = (zone: ZoneKey, index: number) => `item:${zone}:${index}`;
export const zoneDropId = (zone: ZoneKey) => `zone:${zone}`;
export const TRASH_ID = 'trash';

const ZONE_KEYS: readonly string[] = ['points', 'secondPoints', 'values', 'secondValues'];
const isZone = (value: string | undefined): value is ZoneKey => value !== undefined && ZONE_KEYS.includes(value);

/** The dragged thing of a dnd-kit id (the source fields are looked up by name). */
export function dragRefOf(id: string, sourceFields: readonly (SchemaField | SourceField)[]): DragRef | null {
  if (id.startsWith('src:')) {
    const name = id.slice(4);
    const field = sourceFields.find((f) => f.name === name);
    return field ? { kind: 'source', field } : null;
  }
  const [prefix, zone, index] = id.split(':');
  if (prefix === 'item' && isZone(zone) && index !== undefined && /^\d+$/.test(index)) return { kind: 'zone', zone, index: Number(index) };
  return null;
}

/** The drop target of a dnd-kit id under the pointer: a zone's field (insert before it), a zone (at its end), or the trash. */
export function dropRefOf(id: string | null | undefined): DropRef | null {
  if (!id) return null;
  if (id === TRASH_ID) return { kind: 'trash' };
  const [prefix, zone, index] = id.split(':');
  if (prefix === 'zone' && isZone(zone)) return { kind: 'zone', zone };
  if (prefix === 'item' && isZone(zone) && index !== undefined && /^\d+$/.test(index)) return { kind: 'zone', zone, index: Number(index) };
  return null;
}
