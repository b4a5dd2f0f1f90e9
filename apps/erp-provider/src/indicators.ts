/**
 * The reference provider's indicator system: a tree 星海集团 → 大区 → targets (营业收入, 营业成本, 毛利率,
 * 订单数), plus 供应链 → 采购金额; values computed from the stored daily values (indicator_daily) per
 * period, with the same period a year earlier (compare 1) or the previous period (compare 2).
 */
import type { SqlDatabase } from '@bi/persistence';
import {
  changeRate,
  NODE_GROUP,
  NODE_TARGET,
  periodOf,
  periodsIn,
  previousPeriod,
  samePeriodLastYear,
  type IndicatorNode,
  type IndicatorPoint,
  type IndicatorSeries,
  type IndicatorValuesRequest,
  type Period,
  type PeriodDimension,
} from '@bi/provider-protocol';
import { REGIONS } from './dataset.js';
import { SCHEMA } from './store.js';

type Metric = 'revenue' | 'cost' | 'margin' | 'orders' | 'purchase';
const METRICS: Record<Metric, { text: string; unit: string; relation: boolean }> = {
  revenue: { text: '营业收入', unit: '元', relation: true },
  cost: { text: '营业成本', unit: '元', relation: false },
  margin: { text: '毛利率', unit: '%', relation: true },
  orders: { text: '订单数', unit: '单', relation: false },
  purchase: { text: '采购金额', unit: '元', relation: false },
};

const COMPANY = '星海集团';
const SUPPLY = '供应链';

interface TreeEntry {
  node: IndicatorNode;
  parent: string | null;
  metric?: Metric;
  scope?: string;
}

function target(id: string, metric: Metric, scope: string, rootText: string, parent: string, prefix = ''): TreeEntry {
  const m = METRICS[metric];
  return { node: { id, text: `${prefix}${m.text}`, rootText, type: NODE_TARGET, child: false, relation: m.relation, unit: m.unit }, parent, metric, scope };
}

function buildTree(): TreeEntry[] {
  const entries: TreeEntry[] = [
    { node: { id: 'company', text: COMPANY, rootText: COMPANY, type: NODE_GROUP, child: true, relation: false }, parent: null },
    { node: { id: 'supply', text: SUPPLY, rootText: SUPPLY, type: NODE_GROUP, child: true, relation: false }, parent: null },
  ];
  for (const metric of ['revenue', 'cost', 'margin', 'orders'] as const) entries.push(target(`all.${metric}`, metric, 'all', COMPANY, 'company', '集团'));
  for (const r of REGIONS) {
    entries.push({ node: { id: `region.${r.code}`, text: r.name, rootText: COMPANY, type: NODE_GROUP, child: true, relation: false }, parent: 'company' });
    for (const metric of ['revenue', 'cost', 'margin', 'orders'] as const) entries.push(target(`${r.code}.${metric}`, metric, r.code, COMPANY, `region.${r.code}`, r.name));
  }
  entries.push(target('all.purchase', 'purchase', 'all', SUPPLY, 'supply'));
  return entries;
}
const TREE = buildTree();
const BY_ID = new Map(TREE.map((e) => [e.node.id, e]));

/** The children of `parent` (top-level nodes without one); undefined for an unknown parent. */
export function treeChildren(parent: string | undefined): IndicatorNode[] | undefined {
  if (parent !== undefined && (!BY_ID.has(parent) || BY_ID.get(parent)!.node.type !== NODE_GROUP)) return undefined;
  return TREE.filter((e) => e.parent === (parent ?? null)).map((e) => e.node);
}

interface Sums {
  revenue: number;
  cost: number;
  orders: number;
  purchase: number;
  days: number;
}

function valueOf(metric: Metric, s: Sums | undefined): number | null {
  if (!s || s.days === 0) return null; // no stored day in the period: no value
  switch (metric) {
    case 'revenue':
      return Math.round(s.revenue * 100) / 100;
    case 'cost':
      return Math.round(s.cost * 100) / 100;
    case 'orders':
      return s.orders;
    case 'purchase':
      return Math.round(s.purchase * 100) / 100;
    case 'margin':
      return s.revenue === 0 ? null : Math.round(((s.revenue - s.cost) / s.revenue) * 100 * 10_000) / 10_000;
  }
}

/** Sums of a scope's stored days in [start, end]. */
async function sumsOf(db: SqlDatabase, scope: string, periods: Period[]): Promise<Map<string, Sums>> {
  const out = new Map<string, Sums>();
  if (!periods.length) return out;
  const start = periods.reduce((a, p) => (p.start < a ? p.start : a), periods[0]!.start);
  const end = periods.reduce((a, p) => (p.end > a ? p.end : a), periods[0]!.end);
  const r = await db.query<{ day: string; revenue: number; cost: number; orders: number; purchase: number }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, revenue::float8 AS revenue, cost::float8 AS cost, orders, purchase::float8 AS purchase
     FROM ${SCHEMA}.indicator_daily WHERE scope = $1 AND day BETWEEN $2::date AND $3::date ORDER BY day`,
    [scope, start, end],
  );
  const daily = new Map(r.rows.map((row) => [row.day, row]));
  for (const p of periods) {
    const s: Sums = { revenue: 0, cost: 0, orders: 0, purchase: 0, days: 0 };
    for (let d = new Date(`${p.start}T00:00:00Z`); d.toISOString().slice(0, 10) <= p.end; d = new Date(d.getTime() + 86_400_000)) {
      const row = daily.get(d.toISOString().slice(0, 10));
      if (!row) continue;
      s.revenue += row.revenue;
      s.cost += row.cost;
      s.orders += row.orders;
      s.purchase += row.purchase;
      s.days++;
    }
    out.set(p.label, s);
  }
  return out;
}

export async function indicatorValues(db: SqlDatabase, req: IndicatorValuesRequest): Promise<IndicatorSeries[]> {
  const dim = req.periodDimension as PeriodDimension;
  const periods = req.date ? [periodOf(req.date, dim)] : periodsIn(req.from!, req.to!, dim);
  const bases = req.compare === 1 ? periods.map((p) => samePeriodLastYear(p, dim)) : req.compare === 2 ? periods.map((p) => previousPeriod(p, dim)) : [];
  const out: IndicatorSeries[] = [];
  const cache = new Map<string, Map<string, Sums>>();
  for (const id of req.targets) {
    const e = BY_ID.get(id);
    if (!e || e.node.type !== NODE_TARGET || !e.metric || !e.scope) {
      out.push({ target: id, ok: false, error: { code: 'not_found', message: 'no such indicator target' } });
      continue;
    }
    let sums = cache.get(e.scope);
    if (!sums) {
      sums = await sumsOf(db, e.scope, [...periods, ...bases]);
      cache.set(e.scope, sums);
    }
    const points: IndicatorPoint[] = periods.map((p, i) => {
      const value = valueOf(e.metric!, sums.get(p.label));
      if (req.compare === 0) return { period: p.label, start: p.start, end: p.end, value };
      const compareValue = valueOf(e.metric!, sums.get(bases[i]!.label));
      return { period: p.label, start: p.start, end: p.end, value, compareValue, rate: changeRate(value, compareValue) };
    });
    out.push({ target: id, ok: true, text: e.node.text, rootText: e.node.rootText, unit: e.node.unit, points });
  }
  return out;
}
