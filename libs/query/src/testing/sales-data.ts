/**
 * The generated sales dataset of the integration tests (the same rows in every engine) and a
 * small reference implementation in plain JS — calendar arithmetic written independently of the
 * library — to compute the numbers each chart must give.
 */
export interface SalesRow {
  id: number;
  /** yyyy-MM-dd */
  order_date: string;
  /** yyyy-MM-dd HH:mm:ss */
  created_at: string;
  region: string | null;
  category: string;
  product: string;
  /** in cents (exact sums); null for a few rows */
  amountCents: number | null;
  qty: number;
}

export const REGIONS = ['华东', '华北', '华南', '西南', '东北'];
/** product → category; product names hold LIKE wildcards (%, _, [) to prove they are escaped */
export const PRODUCTS: Record<string, string> = {
  '笔记本_A': '办公用品',
  '笔记本-B': '办公用品',
  '打印纸': '办公用品',
  '50%折扣券': '办公用品',
  '椅子[红]': '家具',
  '书桌': '家具',
  '显示器': '电子产品',
  '键盘!': '电子产品',
  '咖啡豆': '食品饮料',
  '茶叶': '食品饮料',
};

/** mulberry32: a small deterministic generator */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const DAY = 86_400_000;
export const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const dayMs = (date: string) => Date.parse(`${date.slice(0, 10)}T00:00:00Z`);

/** 2,000 rows over 2022-01-01 … 2024-12-31. */
export function generateSales(count = 2000, seed = 20240601): SalesRow[] {
  const rnd = random(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
  const start = dayMs('2022-01-01');
  const days = (dayMs('2024-12-31') - start) / DAY + 1;
  const products = Object.keys(PRODUCTS);
  const rows: SalesRow[] = [];
  for (let id = 1; id <= count; id++) {
    const date = isoDay(start + Math.floor(rnd() * days) * DAY);
    const seconds = rnd() < 0.1 ? 0 : Math.floor(rnd() * 86_400);
    const product = pick(products);
    rows.push({
      id,
      order_date: date,
      created_at: `${date} ${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`,
      region: rnd() < 0.03 ? null : pick(REGIONS),
      category: PRODUCTS[product],
      product,
      amountCents: rnd() < 0.01 ? null : 100 + Math.floor(rnd() * 499_900),
      qty: 1 + Math.floor(rnd() * 20),
    });
  }
  return rows;
}

// ---- reference calendar (independent of the library's dates.ts) ----

export const yearOf = (d: string) => `${d.slice(0, 4)}-01-01`;
export const quarterOf = (d: string) => `${d.slice(0, 4)}-${pad(Math.floor((Number(d.slice(5, 7)) - 1) / 3) * 3 + 1)}-01`;
export const monthOf = (d: string) => `${d.slice(0, 7)}-01`;
/** Monday of the week (getUTCDay: Sunday 0) */
export const weekOf = (d: string) => isoDay(dayMs(d) - ((new Date(dayMs(d)).getUTCDay() + 6) % 7) * DAY);
export const dayOf = (d: string) => d.slice(0, 10);

// ---- reference aggregation ----

export type Value = string | number | null;
export type Agg = (rows: SalesRow[]) => Value;

const nonNull = <T>(xs: (T | null)[]) => xs.filter((x): x is T => x !== null);
export const sumCents = (rows: SalesRow[]) => {
  const xs = nonNull(rows.map((r) => r.amountCents));
  return xs.length ? xs.reduce((a, b) => a + b, 0) / 100 : null;
};
export const avgAmount = (rows: SalesRow[]) => {
  const xs = nonNull(rows.map((r) => r.amountCents));
  return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length / 100 : null;
};
export const maxAmount = (rows: SalesRow[]) => {
  const xs = nonNull(rows.map((r) => r.amountCents));
  return xs.length ? Math.max(...xs) / 100 : null;
};
export const minAmount = (rows: SalesRow[]) => {
  const xs = nonNull(rows.map((r) => r.amountCents));
  return xs.length ? Math.min(...xs) / 100 : null;
};
export const sumQty = (rows: SalesRow[]) => (rows.length ? rows.reduce((a, r) => a + r.qty, 0) : null);
export const avgQty = (rows: SalesRow[]) => (rows.length ? rows.reduce((a, r) => a + r.qty, 0) / rows.length : null);
export const countRows = (rows: SalesRow[]) => rows.length;
export const countDistinct = (key: (r: SalesRow) => Value) => (rows: SalesRow[]) => new Set(nonNull(rows.map(key))).size;

/** Ascending, NULL last, strings by code point — the order the library asks every engine for. */
export function compareValues(a: Value, b: Value): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a) < String(b) ? -1 : 1;
}

export function compareRows(a: Value[], b: Value[]): number {
  for (let i = 0; i < a.length; i++) {
    const c = compareValues(a[i], b[i]);
    if (c !== 0) return c;
  }
  return 0;
}

/** GROUP BY keys → [...keys, ...aggregates], ordered by the keys ascending (NULL last). */
export function groupRows(rows: SalesRow[], keys: ((r: SalesRow) => Value)[], aggs: Agg[]): Value[][] {
  const groups = new Map<string, { key: Value[]; rows: SalesRow[] }>();
  for (const r of rows) {
    const key = keys.map((k) => k(r));
    const id = JSON.stringify(key);
    if (!groups.has(id)) groups.set(id, { key, rows: [] });
    groups.get(id)!.rows.push(r);
  }
  return [...groups.values()].sort((a, b) => compareRows(a.key, b.key)).map((g) => [...g.key, ...aggs.map((f) => f(g.rows))]);
}
