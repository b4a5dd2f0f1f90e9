import { QueryError } from './errors.js';
import type { JoinSpec } from './join.js';

/** Where the rows come from: a table (optionally schema-qualified), the user's own SQL or a joined table, wrapped as a sub-query. */
/**
 * A source's FROM part. `catalog` (Trino only, docs/adr/0028): a table of another catalog of the engine — the
 * input of a join across stores compiled for Trino names each table as catalog.schema.table.
 */
export type QuerySource = { kind: 'table'; table: string; schema?: string; catalog?: string } | { kind: 'sql'; sql: string } | { kind: 'join'; join: JoinSpec };

/** A source's FROM part as the data-source service describes it (Describe's source_kind, table, sql, join_json) → the writer's QuerySource. */
export function querySourceFrom(part: { sourceKind: string; tableName: string; tableSchema: string; sql: string; joinJson?: string }): QuerySource {
  if (part.sourceKind === 'join') return { kind: 'join', join: JSON.parse(part.joinJson ?? '') as JoinSpec };
  if (part.sourceKind === 'table') return { kind: 'table', table: part.tableName, ...(part.tableSchema ? { schema: part.tableSchema } : {}) };
  return { kind: 'sql', sql: part.sql };
}

export type FieldType = 'string' | 'number' | 'date';

/** One known field of the source (its column name and type, as the data-source service recorded them). */
export interface SourceField {
  name: string;
  dataType: FieldType;
}

/**
 * The source's known fields: the only names that may become identifiers in generated SQL. Any
 * other name (in a chart, a filter, a plot line) is refused with `unknown_field`. The type used
 * for every check is the source's, not the type a chart definition claims.
 */
export class FieldCatalog {
  private readonly byName = new Map<string, SourceField>();

  constructor(fields: readonly SourceField[]) {
    for (const f of fields) {
      if (typeof f?.name !== 'string' || f.name === '' || !['string', 'number', 'date'].includes(f.dataType)) {
        throw new QueryError('unknown_field', { name: String(f?.name ?? '') });
      }
      if (!this.byName.has(f.name)) this.byName.set(f.name, { name: f.name, dataType: f.dataType });
    }
  }

  /** The known field of that exact name, or `unknown_field`. */
  resolve(name: unknown): SourceField {
    const f = typeof name === 'string' ? this.byName.get(name) : undefined;
    if (!f) throw new QueryError('unknown_field', { name: String(name) });
    return f;
  }

  get all(): SourceField[] {
    return [...this.byName.values()];
  }
}
