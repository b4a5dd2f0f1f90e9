/**
 * Short texts a screen reader announces for a drawn chart (the canvas itself says nothing): the title
 * and the figures the kind shows, taken from the pre-formatted parts of the option.
 */
import type { CardOption, ChartAnswer, NavOption } from '../types';

const MAX_ITEMS = 12;
type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);

function join(title: string, parts: string[]): string {
  const shown = parts.filter(Boolean).slice(0, MAX_ITEMS);
  const more = parts.length > MAX_ITEMS ? ', …' : '';
  return shown.length > 0 ? `${title}: ${shown.join(', ')}${more}` : title;
}

/** Card: the value field's alias and its formatted value, then the statistics. */
export function describeCard(title: string, card: CardOption | undefined): string {
  if (!card) return title;
  return join(title, [`${card.title} ${card.display}`.trim(), ...(card.statistics ?? []).map((s) => `${s.label} ${s.display}`)]);
}

/** Nav: each bar's name and the percent reached. */
export function describeNav(title: string, nav: NavOption | undefined): string {
  return join(title, (nav?.items ?? []).map((item) => `${item.name} ${item.percent}`));
}

/** Pie, funnel, map, gauge: the finished label texts of the data items (or the gauge's detail). */
export function describeItems(title: string, option: Obj): string {
  const parts: string[] = [];
  for (const series of list(option.series)) {
    if (!isObj(series)) continue;
    const detail = isObj(series.detail) && typeof series.detail.formatter === 'string' ? series.detail.formatter : undefined;
    for (const item of list(series.data)) {
      if (!isObj(item)) continue;
      const label = isObj(item.label) && typeof item.label.formatter === 'string' ? item.label.formatter.replace(/\n/g, ' ') : undefined;
      const text = detail !== undefined ? `${String(item.name ?? '')} ${detail}`.trim() : (label ?? String(item.name ?? ''));
      if (text) parts.push(text);
    }
  }
  return join(title, parts);
}

/** Cartesian kinds: the series names. */
export function describeSeries(title: string, answer: ChartAnswer): string {
  const names = list(answer.option.series)
    .filter(isObj)
    .map((s) => (typeof s.name === 'string' ? s.name : ''))
    .filter(Boolean);
  return join(title, names);
}
