/**
 * The structural diff of two snapshots of an object (issue 33): every leaf that differs, by path,
 * before → after. Arrays of objects with an identity (nodeId, chartId, id, name) are matched by it, so a
 * moved chart is one change of its row and col, not a shifted list (a relation map's nodes by nodeId);
 * other arrays by position.
 */
export interface Change {
  /** dotted path, e.g. `aspects[chartId=…].row`, `values[Sales].aggregator` */
  path: string;
  before?: unknown;
  after?: unknown;
}

const MAX_CHANGES = 500;
const IDENTITIES = ['nodeId', 'chartId', 'id', 'name'] as const;

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The key an array's items are matched by, when every item has a distinct one. */
function identityOf(a: readonly unknown[], b: readonly unknown[]): string | undefined {
  const items = [...a, ...b];
  if (items.length === 0 || !items.every(isObject)) return undefined;
  for (const key of IDENTITIES) {
    const ok = (list: readonly unknown[]) => {
      const seen = new Set<unknown>();
      for (const x of list as Record<string, unknown>[]) {
        const v = x[key];
        if ((typeof v !== 'string' && typeof v !== 'number') || seen.has(v)) return false;
        seen.add(v);
      }
      return true;
    };
    if (ok(a) && ok(b)) return key;
  }
  return undefined;
}

export function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

/** A value with its object keys sorted (stable comparison and storage). */
export function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical);
  if (isObject(v))
    return Object.fromEntries(
      Object.keys(v)
        .filter((k) => v[k] !== undefined)
        .sort()
        .map((k) => [k, canonical(v[k])]),
    );
  return v;
}

export function structuralDiff(before: unknown, after: unknown): Change[] {
  const out: Change[] = [];
  walk(before, after, '', out);
  return out;
}

function walk(a: unknown, b: unknown, path: string, out: Change[]): void {
  if (out.length >= MAX_CHANGES || sameValue(a, b)) return;
  if (isObject(a) && isObject(b)) {
    for (const k of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) walk(a[k], b[k], path ? `${path}.${k}` : k, out);
    return;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    const key = identityOf(a, b);
    if (key) {
      const byKey = (list: unknown[]) => new Map((list as Record<string, unknown>[]).map((x) => [String(x[key]), x]));
      const ma = byKey(a);
      const mb = byKey(b);
      for (const id of [...new Set([...ma.keys(), ...mb.keys()])]) walk(ma.get(id), mb.get(id), `${path}[${id}]`, out);
      return;
    }
    if (a.length === b.length) {
      a.forEach((x, i) => walk(x, b[i], `${path}[${i}]`, out));
      return;
    }
  }
  out.push({ path, ...(a === undefined ? {} : { before: a }), ...(b === undefined ? {} : { after: b }) });
}
