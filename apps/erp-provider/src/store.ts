/**
 * The reference provider's own database (PGlite under its data directory, in memory for tests): schema
 * erp_provider, filled once with the generated dataset (the end date and seed are kept in settings so a
 * restart serves the same data).
 */
import { insertRows, migrate, PgliteDatabase, type SqlDatabase } from '@bi/persistence';
import { generateDataset } from './dataset.js';

export const SCHEMA = 'erp_provider';

const MIGRATIONS = [
  {
    id: '0001_dataset',
    sql: `
CREATE TABLE ${SCHEMA}.settings (key text PRIMARY KEY, value jsonb NOT NULL);
CREATE TABLE ${SCHEMA}.sales_orders (
  id integer PRIMARY KEY, order_no text NOT NULL, order_date date NOT NULL, ship_date date NOT NULL, created_at timestamptz NOT NULL,
  customer text NOT NULL, region text NOT NULL, product text NOT NULL, category text NOT NULL, warehouse text NOT NULL,
  qty integer NOT NULL, price numeric(14,2) NOT NULL, amount numeric(14,2) NOT NULL, cost numeric(14,2) NOT NULL);
CREATE INDEX sales_orders_order_date ON ${SCHEMA}.sales_orders (order_date);
CREATE TABLE ${SCHEMA}.purchase_orders (
  id integer PRIMARY KEY, po_no text NOT NULL, purchase_date date NOT NULL, arrival_date date,
  supplier text NOT NULL, product text NOT NULL, warehouse text NOT NULL, qty integer NOT NULL, price numeric(14,2) NOT NULL, amount numeric(14,2) NOT NULL);
CREATE TABLE ${SCHEMA}.stock_moves (
  id integer PRIMARY KEY, move_no text NOT NULL, move_date date NOT NULL, warehouse text NOT NULL, product text NOT NULL,
  direction text NOT NULL, qty integer NOT NULL, amount numeric(14,2) NOT NULL);
CREATE TABLE ${SCHEMA}.stock_balance (
  id integer PRIMARY KEY, warehouse text NOT NULL, product text NOT NULL, qty integer NOT NULL, amount numeric(14,2) NOT NULL);
CREATE TABLE ${SCHEMA}.indicator_daily (
  scope text NOT NULL, day date NOT NULL, revenue numeric(16,2) NOT NULL, cost numeric(16,2) NOT NULL, orders integer NOT NULL,
  purchase numeric(16,2) NOT NULL, PRIMARY KEY (scope, day));
`,
  },
];

export interface DatasetOptions {
  /** the last day of data (default: today, UTC, at the first start) */
  endDate?: string;
  /** days of data (default 730) */
  days?: number;
  /** the generator's seed (default 'bi-reference-erp') */
  seed?: string;
}

/** Opening stock per warehouse and product, before the first movement. */
export const OPENING_STOCK = 5_000;

/**
 * Opens (or reuses `existing`) and fills the provider's store. `dataDir` undefined keeps PGlite in memory.
 * With `existing`, the data live in that database's schema erp_provider.
 */
export async function openStore(
  dataDir: string | undefined,
  opts: DatasetOptions = {},
  existing?: SqlDatabase,
): Promise<{ db: SqlDatabase; range: { start: string; end: string } }> {
  const db = existing ?? (await PgliteDatabase.open(dataDir));
  await migrate(db, SCHEMA, MIGRATIONS);
  const known = await db.query<{ value: { start: string; end: string } }>(`SELECT value FROM ${SCHEMA}.settings WHERE key = 'dataset'`);
  if (known.rows[0]) return { db, range: known.rows[0].value };
  const end = opts.endDate ?? new Date().toISOString().slice(0, 10);
  const days = opts.days ?? 730;
  const seed = opts.seed ?? 'bi-reference-erp';
  const data = generateDataset(seed, end, days);
  const start = new Date(Date.parse(`${end}T00:00:00Z`) - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  await db.transaction(async (tx) => {
    await insertRows(
      tx,
      `${SCHEMA}.sales_orders`,
      data.orders.map((o, i) => [i + 1, o.orderNo, o.orderDate, o.shipDate, o.createdAt, o.customer, o.region, o.product, o.category, o.warehouse, o.qty, o.price, o.amount, o.cost]),
    );
    await insertRows(
      tx,
      `${SCHEMA}.purchase_orders`,
      data.purchases.map((p, i) => [i + 1, p.poNo, p.purchaseDate, p.arrivalDate, p.supplier, p.product, p.warehouse, p.qty, p.price, p.amount]),
    );
    await insertRows(tx, `${SCHEMA}.stock_moves`, data.moves.map((m, i) => [i + 1, m.moveNo, m.moveDate, m.warehouse, m.product, m.direction, m.qty, m.amount]));
    await tx.query(
      `INSERT INTO ${SCHEMA}.stock_balance (id, warehouse, product, qty, amount)
       SELECT row_number() OVER (ORDER BY warehouse, product), warehouse, product,
              $1::integer + sum(CASE WHEN direction = '入库' THEN qty ELSE -qty END)::integer,
              sum(CASE WHEN direction = '入库' THEN amount ELSE -amount END)
       FROM ${SCHEMA}.stock_moves GROUP BY warehouse, product`,
      [OPENING_STOCK],
    );
    // daily indicator values per region and for the whole company ('all'); a day without orders is 0
    await tx.query(
      `INSERT INTO ${SCHEMA}.indicator_daily (scope, day, revenue, cost, orders, purchase)
       SELECT s.scope, d.day::date,
              coalesce((SELECT sum(amount) FROM ${SCHEMA}.sales_orders o WHERE o.order_date = d.day AND (s.scope = 'all' OR o.region = s.scope)), 0),
              coalesce((SELECT sum(cost) FROM ${SCHEMA}.sales_orders o WHERE o.order_date = d.day AND (s.scope = 'all' OR o.region = s.scope)), 0),
              (SELECT count(*) FROM ${SCHEMA}.sales_orders o WHERE o.order_date = d.day AND (s.scope = 'all' OR o.region = s.scope)),
              CASE WHEN s.scope = 'all' THEN coalesce((SELECT sum(amount) FROM ${SCHEMA}.purchase_orders p WHERE p.purchase_date = d.day), 0) ELSE 0 END
       FROM generate_series($1::date, $2::date, interval '1 day') AS d(day)
       CROSS JOIN (SELECT DISTINCT region AS scope FROM ${SCHEMA}.sales_orders UNION SELECT 'all') s`,
      [start, end],
    );
    await tx.query(`INSERT INTO ${SCHEMA}.settings (key, value) VALUES ('dataset', $1)`, [JSON.stringify({ start, end, seed, days })]);
  });
  return { db, range: { start, end } };
}
