/**
 * The reference provider's data: an ERP-like company's sales orders, purchases and stock movements, made
 * by a seeded generator. Every day's records come from a generator seeded with (seed, day), so a day's
 * orders are the same whatever range is generated — tests can recompute any figure from the rows.
 */
import { addDays } from '@bi/provider-protocol';

export const REGIONS = [
  { code: 'east', name: '华东大区' },
  { code: 'south', name: '华南大区' },
  { code: 'north', name: '华北大区' },
  { code: 'southwest', name: '西南大区' },
  { code: 'central', name: '华中大区' },
] as const;
export type RegionCode = (typeof REGIONS)[number]['code'];

export const WAREHOUSES: { name: string; region: RegionCode }[] = [
  { name: '上海松江仓', region: 'east' },
  { name: '杭州萧山仓', region: 'east' },
  { name: '广州南沙仓', region: 'south' },
  { name: '北京顺义仓', region: 'north' },
  { name: '成都双流仓', region: 'southwest' },
  { name: '武汉东西湖仓', region: 'central' },
];

const CUSTOMER_NAMES: [string, RegionCode][] = [
  ['上海恒通贸易有限公司', 'east'], ['苏州新科电子有限公司', 'east'], ['杭州顺达五金有限公司', 'east'], ['南京金陵办公用品有限公司', 'east'],
  ['宁波海鑫包装有限公司', 'east'], ['无锡华力机电有限公司', 'east'], ['合肥瑞丰商贸有限公司', 'east'],
  ['广州粤华电器有限公司', 'south'], ['深圳鹏程科技有限公司', 'south'], ['东莞宏达塑胶有限公司', 'south'], ['佛山南海五金厂', 'south'],
  ['厦门鹭岛贸易有限公司', 'south'], ['福州闽江物资有限公司', 'south'],
  ['北京京联商贸有限公司', 'north'], ['天津海河工贸有限公司', 'north'], ['石家庄华北物资公司', 'north'], ['济南泉城办公设备有限公司', 'north'],
  ['青岛海润包装有限公司', 'north'], ['太原晋商实业有限公司', 'north'],
  ['成都天府电子有限公司', 'southwest'], ['重庆山城机电有限公司', 'southwest'], ['昆明滇池商贸有限公司', 'southwest'], ['贵阳黔丰实业有限公司', 'southwest'],
  ['武汉江城物资有限公司', 'central'], ['长沙湘江五金有限公司', 'central'], ['郑州中原商贸有限公司', 'central'], ['南昌洪都电器有限公司', 'central'],
];
export const CUSTOMERS = CUSTOMER_NAMES.map(([name, region]) => ({ name, region }));

export const PRODUCTS: { name: string; category: string; price: number; cost: number }[] = [
  { name: '贴片电阻 0603 10K（盘）', category: '电子元器件', price: 85, cost: 52 },
  { name: '陶瓷电容 0805 100nF（盘）', category: '电子元器件', price: 120, cost: 78 },
  { name: '单片机 STM32F103C8T6', category: '电子元器件', price: 18.5, cost: 11.2 },
  { name: 'LED 灯珠 5050 白光（千颗）', category: '电子元器件', price: 260, cost: 171 },
  { name: '继电器 12V 10A', category: '电子元器件', price: 6.8, cost: 4.1 },
  { name: '不锈钢螺栓 M8×30（百只）', category: '五金工具', price: 45, cost: 27 },
  { name: '电动螺丝刀套装', category: '五金工具', price: 329, cost: 215 },
  { name: '液压千斤顶 5 吨', category: '五金工具', price: 268, cost: 180 },
  { name: '数显游标卡尺 150mm', category: '五金工具', price: 158, cost: 96 },
  { name: '角磨机 900W', category: '五金工具', price: 289, cost: 201 },
  { name: 'A4 复印纸 70g（箱）', category: '办公用品', price: 135, cost: 108 },
  { name: '中性笔 0.5mm（盒）', category: '办公用品', price: 24, cost: 14 },
  { name: '文件柜 四门钢制', category: '办公用品', price: 860, cost: 590 },
  { name: '激光打印机硒鼓', category: '办公用品', price: 420, cost: 275 },
  { name: '五层瓦楞纸箱 60×40×40', category: '包装材料', price: 6.5, cost: 4.3 },
  { name: '气泡膜卷 1.2m×100m', category: '包装材料', price: 98, cost: 66 },
  { name: '封箱胶带 48mm（箱）', category: '包装材料', price: 156, cost: 112 },
  { name: '木托盘 1200×1000', category: '包装材料', price: 75, cost: 52 },
];

export const SUPPLIERS = ['深圳华强电子供应链有限公司', '义乌小商品五金批发中心', '上海晨光文具股份有限公司', '东莞永丰包装制品有限公司', '宁波甬江机电有限公司', '天津钢联紧固件有限公司'];

/** 32-bit string hash (FNV-1a). */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small seeded generator in [0, 1). */
function generator(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const pick = <T>(rnd: () => number, items: readonly T[]): T => items[Math.floor(rnd() * items.length)]!;
const int = (rnd: () => number, lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));

export interface SalesOrder {
  orderNo: string;
  orderDate: string;
  shipDate: string;
  createdAt: string;
  customer: string;
  region: RegionCode;
  product: string;
  category: string;
  warehouse: string;
  qty: number;
  price: number;
  amount: number;
  cost: number;
}
export interface PurchaseOrder {
  poNo: string;
  purchaseDate: string;
  arrivalDate: string | null;
  supplier: string;
  product: string;
  warehouse: string;
  qty: number;
  price: number;
  amount: number;
}
export interface StockMove {
  moveNo: string;
  moveDate: string;
  warehouse: string;
  product: string;
  direction: '入库' | '出库';
  qty: number;
  amount: number;
}

export interface DayRecords {
  orders: SalesOrder[];
  purchases: PurchaseOrder[];
}

/** The records dated `day` (a pure function of seed and day). */
export function recordsOfDay(seed: string, day: string): DayRecords {
  const rnd = generator(hash(`${seed}:${day}`));
  const d = new Date(`${day}T00:00:00Z`);
  const weekday = d.getUTCDay();
  const month = d.getUTCMonth();
  const yearsFrom2020 = d.getUTCFullYear() - 2020 + month / 12;
  const season = 1 + 0.25 * Math.sin(((month - 2) / 12) * 2 * Math.PI) + (month === 10 || month === 11 ? 0.3 : 0);
  const weekly = weekday === 0 || weekday === 6 ? 0.45 : 1;
  const count = Math.max(1, Math.round((9 + rnd() * 6) * season * weekly * (1 + 0.06 * yearsFrom2020)));
  const ymd = day.replaceAll('-', '');
  const orders: SalesOrder[] = [];
  for (let i = 0; i < count; i++) {
    const customer = pick(rnd, CUSTOMERS);
    const product = pick(rnd, PRODUCTS);
    const homeWarehouses = WAREHOUSES.filter((w) => w.region === customer.region);
    const warehouse = (homeWarehouses.length && rnd() < 0.8 ? pick(rnd, homeWarehouses) : pick(rnd, WAREHOUSES)).name;
    const qty = int(rnd, 1, product.price > 200 ? 20 : 120);
    const price = round2(product.price * (0.92 + rnd() * 0.16));
    const seconds = int(rnd, 8 * 3600, 20 * 3600);
    const createdAt = new Date(d.getTime() + seconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    orders.push({
      orderNo: `SO${ymd}${String(i + 1).padStart(3, '0')}`,
      orderDate: day,
      shipDate: addDays(day, int(rnd, 0, 5)),
      createdAt,
      customer: customer.name,
      region: customer.region,
      product: product.name,
      category: product.category,
      warehouse,
      qty,
      price,
      amount: round2(qty * price),
      cost: round2(qty * product.cost),
    });
  }
  const purchases: PurchaseOrder[] = [];
  const pcount = weekday === 0 || weekday === 6 ? int(rnd, 0, 1) : int(rnd, 2, 5);
  for (let i = 0; i < pcount; i++) {
    const product = pick(rnd, PRODUCTS);
    const qty = int(rnd, 50, product.price > 200 ? 120 : 800);
    const price = round2(product.cost * (0.95 + rnd() * 0.1));
    purchases.push({
      poNo: `PO${ymd}${String(i + 1).padStart(3, '0')}`,
      purchaseDate: day,
      arrivalDate: addDays(day, int(rnd, 3, 15)),
      supplier: pick(rnd, SUPPLIERS),
      product: product.name,
      warehouse: pick(rnd, WAREHOUSES).name,
      qty,
      price,
      amount: round2(qty * price),
    });
  }
  return { orders, purchases };
}

export interface Dataset {
  orders: SalesOrder[];
  purchases: PurchaseOrder[];
  moves: StockMove[];
}

/**
 * The records of `days` days ending on `endDate`: orders and purchases dated in the range, purchases not
 * yet arrived by endDate have arrivalDate null, and the stock movements (a purchase's arrival in, an
 * order's shipment out) dated in the range.
 */
export function generateDataset(seed: string, endDate: string, days: number): Dataset {
  const start = addDays(endDate, -(days - 1));
  const orders: SalesOrder[] = [];
  const purchases: PurchaseOrder[] = [];
  for (let day = start; day <= endDate; day = addDays(day, 1)) {
    const r = recordsOfDay(seed, day);
    orders.push(...r.orders);
    purchases.push(...r.purchases.map((p) => ({ ...p, arrivalDate: p.arrivalDate! <= endDate ? p.arrivalDate : null })));
  }
  const moves: StockMove[] = [];
  for (const p of purchases) if (p.arrivalDate) moves.push({ moveNo: `RK${p.poNo.slice(2)}`, moveDate: p.arrivalDate, warehouse: p.warehouse, product: p.product, direction: '入库', qty: p.qty, amount: p.amount });
  for (const o of orders) if (o.shipDate <= endDate) moves.push({ moveNo: `CK${o.orderNo.slice(2)}`, moveDate: o.shipDate, warehouse: o.warehouse, product: o.product, direction: '出库', qty: o.qty, amount: o.cost });
  moves.sort((a, b) => (a.moveDate === b.moveDate ? a.moveNo.localeCompare(b.moveNo) : a.moveDate < b.moveDate ? -1 : 1));
  return { orders, purchases, moves };
}
