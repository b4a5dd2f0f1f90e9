/**
 * The report programs of the reference provider: each a table of its database with typed columns,
 * condition projects (fixed filters, code's SQL) and date fields. Rows page by keyset on the table's id.
 */
import type { Column, ColumnType, ProgramDetail } from '@bi/provider-protocol';
import { SCHEMA } from './store.js';

interface ColumnDef {
  name: string;
  displayName: string;
  type: ColumnType;
  /** the SQL expression (code's text) answering the cell in the protocol's form */
  sql: string;
}
export interface ProgramDef {
  typeKey: string;
  displayName: string;
  table: string;
  columns: ColumnDef[];
  /** the first is the default when a request names none */
  projects: { id: string; displayName: string; where: string }[];
  dateFields: { name: string; displayName: string; sql: string }[];
}

const text = (name: string, displayName: string, sql = name): ColumnDef => ({ name, displayName, type: 'text', sql });
const whole = (name: string, displayName: string, sql = name): ColumnDef => ({ name, displayName, type: 'whole', sql: `(${sql})::integer` });
const decimal = (name: string, displayName: string, sql = name): ColumnDef => ({ name, displayName, type: 'decimal', sql: `(${sql})::float8` });
const date = (name: string, displayName: string, sql = name): ColumnDef => ({ name, displayName, type: 'date', sql: `to_char(${sql}, 'YYYY-MM-DD')` });
const datetime = (name: string, displayName: string, sql = name): ColumnDef => ({
  name,
  displayName,
  type: 'datetime',
  sql: `to_char(${sql} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
});

const REGION_NAME = `CASE region WHEN 'east' THEN '华东大区' WHEN 'south' THEN '华南大区' WHEN 'north' THEN '华北大区' WHEN 'southwest' THEN '西南大区' ELSE '华中大区' END`;

export const PROGRAMS: ProgramDef[] = [
  {
    typeKey: 'sales.order_lines',
    displayName: '销售订单明细表',
    table: 'sales_orders',
    columns: [
      text('order_no', '订单编号'),
      date('order_date', '订单日期'),
      date('ship_date', '发货日期'),
      datetime('created_at', '制单时间'),
      text('customer', '客户名称'),
      text('region', '销售区域', REGION_NAME),
      text('product', '品名'),
      text('category', '商品类别'),
      text('warehouse', '发货仓库'),
      whole('qty', '数量'),
      decimal('price', '单价'),
      decimal('amount', '金额'),
      decimal('cost', '成本'),
      decimal('gross_profit', '毛利', 'amount - cost'),
    ],
    projects: [
      { id: 'all', displayName: '全部订单', where: 'true' },
      { id: 'east', displayName: '华东大区订单', where: `region = 'east'` },
      { id: 'south', displayName: '华南大区订单', where: `region = 'south'` },
      { id: 'large', displayName: '大额订单（金额 ≥ 10000 元）', where: 'amount >= 10000' },
    ],
    dateFields: [
      { name: 'order_date', displayName: '订单日期', sql: 'order_date' },
      { name: 'ship_date', displayName: '发货日期', sql: 'ship_date' },
      { name: 'created_at', displayName: '制单时间', sql: `(created_at AT TIME ZONE 'UTC')::date` },
    ],
  },
  {
    typeKey: 'purchase.orders',
    displayName: '采购订单执行表',
    table: 'purchase_orders',
    columns: [
      text('po_no', '采购单号'),
      date('purchase_date', '采购日期'),
      date('arrival_date', '到货日期'),
      text('supplier', '供应商'),
      text('product', '品名'),
      text('warehouse', '收货仓库'),
      whole('qty', '采购数量'),
      decimal('price', '采购单价'),
      decimal('amount', '采购金额'),
      text('status', '执行状态', `CASE WHEN arrival_date IS NULL THEN '未到货' ELSE '已到货' END`),
    ],
    projects: [
      { id: 'all', displayName: '全部采购单', where: 'true' },
      { id: 'open', displayName: '未到货采购单', where: 'arrival_date IS NULL' },
    ],
    dateFields: [
      { name: 'purchase_date', displayName: '采购日期', sql: 'purchase_date' },
      { name: 'arrival_date', displayName: '到货日期', sql: 'arrival_date' },
    ],
  },
  {
    typeKey: 'inventory.moves',
    displayName: '库存收发流水',
    table: 'stock_moves',
    columns: [
      text('move_no', '单据编号'),
      date('move_date', '业务日期'),
      text('warehouse', '仓库'),
      text('product', '品名'),
      text('direction', '收发类型'),
      whole('qty', '数量'),
      decimal('amount', '金额'),
    ],
    projects: [
      { id: 'all', displayName: '全部流水', where: 'true' },
      { id: 'in', displayName: '入库', where: `direction = '入库'` },
      { id: 'out', displayName: '出库', where: `direction = '出库'` },
    ],
    dateFields: [{ name: 'move_date', displayName: '业务日期', sql: 'move_date' }],
  },
  {
    typeKey: 'inventory.balance',
    displayName: '库存余额表',
    table: 'stock_balance',
    columns: [text('warehouse', '仓库'), text('product', '品名'), whole('qty', '结存数量'), decimal('amount', '结存金额（不含期初）')],
    projects: [{ id: 'all', displayName: '全部仓库', where: 'true' }],
    dateFields: [],
  },
];

export function programDetailOf(p: ProgramDef): ProgramDetail {
  return {
    typeKey: p.typeKey,
    displayName: p.displayName,
    conditionProjects: p.projects.map(({ id, displayName }) => ({ id, displayName })),
    dateFields: p.dateFields.map(({ name, displayName }) => ({ name, displayName })),
    url: null,
  };
}

export function columnsOf(p: ProgramDef): Column[] {
  return p.columns.map(({ name, displayName, type }) => ({ name, displayName, type }));
}

/** The SELECT of one page: rows with id > $1, filtered by the project and (optionally) the date field in [$3, $4]. */
export function pageSql(p: ProgramDef, project: ProgramDef['projects'][number], dateField: ProgramDef['dateFields'][number] | undefined): string {
  const where = [`id > $1`, `(${project.where})`];
  if (dateField) where.push(`${dateField.sql} BETWEEN $3::date AND $4::date`);
  return `SELECT id, ${p.columns.map((c, i) => `${c.sql} AS c${i}`).join(', ')} FROM ${SCHEMA}.${p.table} WHERE ${where.join(' AND ')} ORDER BY id LIMIT $2`;
}
