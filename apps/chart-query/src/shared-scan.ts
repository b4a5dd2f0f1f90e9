import { compile, type ChartQueryIR, type CompiledQuery, type DialectName, type MeasureIR } from '@bi/query';
import type { dataSourceQueryV1 } from '@bi/proto';
import { compileRollup, rollupKey } from './rollup-scan.js';
import type { KeyedSemaphore } from './semaphore.js';

type Reply = dataSourceQueryV1.RunQueryReply;
type RunQuery = (req: dataSourceQueryV1.RunQueryRequest) => Promise<Reply>;

interface Member {
  ir: ChartQueryIR;
  /** its groupKey: members of a roll-up group may differ in it (their date grains) */
  key: string;
  compiled: CompiledQuery;
  resolve: (reply: Reply) => void;
  reject: (e: unknown) => void;
}

interface Group {
  dataSourceId: string;
  dialect: DialectName;
  rowLimit: number;
  members: Member[];
  /** when the first member came */
  opened: number;
  /** set while the group still gathers members that come in quick succession */
  timer?: ReturnType<typeof setTimeout>;
}

/**
 * A group asks for the source's slot once no member joined for this long (the runs of one dashboard
 * batch reach chart-query within a few milliseconds of each other)…
 */
export const GATHER_QUIET_MS = 2;
/** …or this long after its first member came. A run marked alone (the BFF's single run) does not wait. */
export const GATHER_MAX_MS = 25;

/**
 * One scan for the charts of a source that ask the same grouping at the same time.
 *
 * A dashboard opens many charts of one source together; most differ only in their measures (sum,
 * avg, count … of the same fields by the same dimensions under the same filters). Each chart query
 * is a full scan and aggregation of the source, and DuckDB already spreads one query over every core,
 * so running them side by side does not make them faster (measured in docs/benchmarks.md "Browser").
 * Here the main queries of a source that come together (within GATHER_QUIET_MS of each other, or
 * while they wait for the source's slot: KeyedSemaphore, at most BI_CHART_SOURCE_CONCURRENCY at once)
 * and have the same source, dimensions, compare split, filters, orders of dimensions only, no top-N
 * and the same row limit are run as ONE query with the union of their measures; each chart gets its
 * rows back in its own columns, the same rows it would have got alone (the grouping, order and limit
 * are the same; only measure columns are added). Charts that differ only in the grains of their date
 * dimensions (year, quarter, month, week, day) share one day-level scan rolled up per chart
 * (rollup-scan.ts). A run marked `alone` (RunChart's `alone`: a single chart run, not one of a batch)
 * does not wait for company: it asks for the slot at once, still joining a group of its kind that is
 * already open, and runs that come while it waits for the slot join it. Should the merged query fail,
 * each chart runs alone (one chart's bad measure cannot fail the others).
 */
export class SharedScans {
  /** groups not started yet, by what their members share */
  private readonly open = new Map<string, Group>();

  constructor(
    private readonly runQuery: RunQuery,
    private readonly perSource: KeyedSemaphore,
  ) {}

  run(dataSourceId: string, ir: ChartQueryIR, compiled: CompiledQuery, dialect: DialectName, rowLimit: number, alone = false): Promise<Reply> {
    const exact = groupKey(dataSourceId, ir, dialect, rowLimit);
    if (exact === undefined) return this.perSource.run(dataSourceId, () => this.runQuery(request(dataSourceId, compiled, rowLimit)));
    // charts that differ only in their date grains share one day-level scan (rollup-scan.ts)
    const key = rollupKey(dataSourceId, ir, dialect, rowLimit) ?? exact;
    return new Promise<Reply>((resolve, reject) => {
      const member: Member = { ir, key: exact, compiled, resolve, reject };
      const open = this.open.get(key);
      if (open) {
        open.members.push(member);
        if (open.timer && performance.now() - open.opened < GATHER_MAX_MS) {
          clearTimeout(open.timer);
          open.timer = setTimeout(() => this.start(key, open), GATHER_QUIET_MS);
        }
        return;
      }
      const group: Group = { dataSourceId, dialect, rowLimit, members: [member], opened: performance.now() };
      this.open.set(key, group);
      // a lone run asks for the slot now (members still join until it gets it)
      if (alone) return this.start(key, group);
      // the group takes members while they keep coming (a dashboard's charts arrive within milliseconds),
      // then until it gets the source's slot
      group.timer = setTimeout(() => this.start(key, group), GATHER_QUIET_MS);
    });
  }

  private start(key: string, group: Group): void {
    group.timer = undefined;
    void this.perSource.run(group.dataSourceId, async () => {
      if (this.open.get(key) === group) this.open.delete(key);
      await this.execute(group);
    });
  }

  private async execute(group: Group): Promise<void> {
    const { members, dataSourceId, rowLimit } = group;
    if (members.length > 1 && members.some((m) => m.key !== members[0]!.key)) {
      if (await this.rollUp(group)) return;
    } else if (members.length > 1) {
      let merged: { compiled: CompiledQuery; aliases: Map<string, string>[] } | undefined;
      try {
        merged = mergeQueries(members.map((m) => m.ir), group.dialect);
      } catch {
        merged = undefined;
      }
      if (merged) {
        try {
          const reply = await this.runQuery(request(dataSourceId, merged.compiled, rowLimit));
          // cut by the answer size budget (the merged rows are wider than each chart's): each alone
          if (reply.truncated && reply.rowCount < rowLimit) throw new Error('merged answer over the size budget');
          const rows = JSON.parse(reply.rowsJson) as unknown[][];
          const at = new Map(merged.compiled.columns.map((c, i) => [c.alias, i]));
          answerInTurns(members, (m, i) => {
            const picks = m.compiled.columns.map((c) => at.get(merged!.aliases[i]!.get(c.alias) ?? c.alias) ?? -1);
            return {
              ...reply,
              columns: picks.map((p) => reply.columns[p]!).filter(Boolean),
              rowsJson: JSON.stringify(rows.map((r) => picks.map((p) => r[p]))),
            };
          });
          return;
        } catch {
          // each chart alone, below: its own error if it has one
        }
      }
    }
    for (const m of members) {
      try {
        m.resolve(await this.runQuery(request(dataSourceId, m.compiled, rowLimit)));
      } catch (e) {
        m.reject(e);
      }
    }
  }

  /** The members (of one rollupKey, different grains) answered by one roll-up; false when it failed (each then runs alone). */
  private async rollUp({ members, dataSourceId, dialect, rowLimit }: Group): Promise<boolean> {
    try {
      const { compiled, picks } = compileRollup(members, dialect);
      const branches = new Set(picks.map((p) => p.branch)).size;
      const reply = await this.runQuery(request(dataSourceId, compiled, rowLimit * branches));
      if (reply.truncated) return false;
      const rows = JSON.parse(reply.rowsJson) as unknown[][];
      const byBranch = new Map<number, unknown[][]>();
      for (const r of rows) {
        const b = Number(r[0]);
        let list = byBranch.get(b);
        if (!list) byBranch.set(b, (list = []));
        list.push(r);
      }
      // a chart with more rows than its limit would be cut alone (truncated): let each run alone
      if ([...byBranch.values()].some((list) => list.length > rowLimit)) return false;
      answerInTurns(members, (_m, i) => {
        const { branch, columns } = picks[i]!;
        const mine = (byBranch.get(branch) ?? []).map((r) => columns.map((c) => r[c]));
        return { ...reply, columns: columns.map((c) => reply.columns[c]!).filter(Boolean), rowsJson: JSON.stringify(mine), rowCount: mine.length, truncated: false };
      });
      return true;
    } catch {
      return false;
    }
  }
}

/**
 * Gives each member of a shared scan its rows, one member per turn of the event loop: each member's
 * own work that follows (its answer built, converted and sent: ≈ 1–5 ms a chart) runs before the next
 * member is answered, and the requests that came meanwhile are served in between — a dashboard's
 * twenty answers no longer hold the process for their whole length (on the page that asked for them,
 * its own content call waited behind them: docs/benchmarks.md "Browser").
 */
function answerInTurns(members: readonly Member[], rowsOf: (m: Member, i: number) => Reply): void {
  let i = 0;
  const next = (): void => {
    const m = members[i]!;
    try {
      m.resolve(rowsOf(m, i));
    } catch (e) {
      m.reject(e);
    }
    i += 1;
    if (i < members.length) setImmediate(next);
  };
  next();
}

function request(dataSourceId: string, compiled: CompiledQuery, rowLimit: number): dataSourceQueryV1.RunQueryRequest {
  return { dataSourceId, sql: compiled.sql, paramsJson: JSON.stringify(compiled.params), rowLimit };
}

/** What queries must share to run as one; undefined when the query runs alone (top-N, measure orders). */
export function groupKey(dataSourceId: string, ir: ChartQueryIR, dialect: DialectName, rowLimit: number): string | undefined {
  if (ir.topN || ir.measures.length === 0) return undefined;
  const measureAliases = new Set(ir.measures.map((m) => m.alias));
  if (ir.order.some((o) => measureAliases.has(o.ref))) return undefined;
  const { measures: _measures, ...rest } = ir;
  return JSON.stringify([dataSourceId, dialect, rowLimit, rest]);
}

/** The SQL of a measure depends on its field and aggregator only. */
const measureKey = (m: MeasureIR): string => JSON.stringify([m.field, m.aggregator]);

/**
 * One chart query with the measures of all (the same grouping, filters and orders: see groupKey),
 * each distinct measure once; per query, its measure aliases → the merged query's.
 */
export function mergeQueries(irs: readonly ChartQueryIR[], dialect: DialectName): { compiled: CompiledQuery; aliases: Map<string, string>[] } {
  const byKey = new Map<string, string>();
  const measures: MeasureIR[] = [];
  const aliases = irs.map((ir) => {
    const map = new Map<string, string>();
    for (const m of ir.measures) {
      const k = measureKey(m);
      let alias = byKey.get(k);
      if (alias === undefined) {
        alias = `m${measures.length}`;
        byKey.set(k, alias);
        measures.push({ ...m, alias, trendline: false });
      }
      map.set(m.alias, alias);
    }
    return map;
  });
  return { compiled: compile({ ...irs[0]!, measures }, dialect), aliases };
}
