import { matchRollupQuery, querySourceFrom, rollupMissText, type DialectName, type KeptRollup, type QueryIR } from '@bi/query';
import { keptRollupsSchema } from '@bi/chart-model';
import type { SourceDescription } from './chart-plan.js';

/**
 * The chart engine's side of kept rollups (issue 31, ADR 0022): the source's rollups as Describe
 * lists them (rollups_json), offered to @bi/query's matcher for each query of an answer. A rollup is
 * offered only for the source as built — a joined table whose inputs carry the viewer's row rules
 * reads another source, and runs raw; the source's own row rules are a filter, which the matcher
 * checks like any other (its fields must be grouped by the rollup).
 */


/** meta.rollup of a chart answer: the rollup that served the chart's points, or why none did. */
export type RollupMeta = { used: true; id: string; rows: number; dataVersion: number } | { used: false; reason: string };

/** Each described source's kept rollups, parsed once (an answer's queries all ask for them). */
const parsed = new WeakMap<SourceDescription, KeptRollup[]>();

/** The source's kept rollups (Describe's rollups_json; '' or an unreadable list: none). */
export function keptRollupsOf(source: SourceDescription): KeptRollup[] {
  let rollups = parsed.get(source);
  if (!rollups) {
    rollups = parseKept(source.rollupsJson);
    parsed.set(source, rollups);
  }
  return rollups;
}

function parseKept(json: string): KeptRollup[] {
  if (!json) return [];
  try {
    const r = keptRollupsSchema.safeParse(JSON.parse(json));
    return r.success ? r.data : [];
  } catch {
    return [];
  }
}

/**
 * A query of an answer as it runs: from the smallest covering rollup built at the source's data
 * version, else as planned — with what meta.rollup says. `enabled` false: BI_ROLLUPS=off; the
 * source's rollups_off: switched off for it.
 */
export function withRollup<Q extends QueryIR>(q: Q, source: SourceDescription, dialect: DialectName, enabled: boolean): { q: Q; meta: RollupMeta } {
  if (!enabled) return { q, meta: { used: false, reason: rollupMissText({ reason: 'off' }) } };
  // an administrator switched the source's rollups off (issue 31): Describe lists none, and says so
  if (source.rollupsOff) return { q, meta: { used: false, reason: rollupMissText({ reason: 'switched_off' }) } };
  const querySource = q.kind === 'summary' ? q.base.source : q.source;
  let rollups = keptRollupsOf(source);
  // the rollups hold the source's rows as built; a viewer-filtered join is another source
  if (rollups.length && JSON.stringify(querySource) !== JSON.stringify(querySourceFrom(source))) rollups = [];
  const m = matchRollupQuery(q, rollups, source.dataVersion, dialect);
  if ('q' in m) return { q: m.q as Q, meta: { used: true, id: m.rollup.id, rows: m.rollup.rows, dataVersion: m.rollup.dataVersion } };
  return { q, meta: { used: false, reason: rollupMissText(m) } };
}
