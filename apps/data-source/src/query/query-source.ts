import { parseExpression, splitWith, type SqlDialect } from '@bi/rules';
import type { dataSourceQueryV1 } from '@bi/proto';
import type { SourceRow } from '../data-source.repository.js';
import { Params, quoteIdent, renderExpression, tableSql, type CheckedSql } from '../sql/source-sql.js';

/** What a chart query reads FROM, and which fields it may name. */
export interface QuerySourcePart {
  sourceKind: 'table' | 'sql';
  tableSchema: string;
  tableName: string;
  sql: string;
  fields: dataSourceQueryV1.SourceFieldInfo[];
  unsupportedFields: string[];
}

/**
 * The FROM part of a source for chart queries. A source made from a listed table (its SQL is the
 * generated SELECT * FROM <table>) and without calculated fields is read as the table itself, so
 * the compiled query is what one would write by hand. Otherwise its SQL, with the calculated fields
 * as extra columns (SELECT t.*, <expression> AS <name> FROM (<sql>) t), is the sub-query. An
 * expression with text values would need bound parameters inside the sub-query, which the chart
 * SQL cannot carry: such fields are left out and listed as unsupported.
 */
export function querySourceOf(row: SourceRow, dialect: SqlDialect, checked: CheckedSql): QuerySourcePart {
  const base = row.fields.filter((f) => !f.expression);
  const baseNames = base.map((f) => f.name);
  const fields: dataSourceQueryV1.SourceFieldInfo[] = base.map((f) => ({ name: f.name, title: f.title || f.name, dataType: f.dataType, aggregator: f.aggregator ?? '', calculated: false }));
  const unsupportedFields: string[] = [];
  const columns: string[] = [];
  for (const f of row.fields.filter((x) => x.expression)) {
    const parsed = parseExpression(f.expression, baseNames);
    const params = new Params(dialect);
    const text = parsed.ok ? renderExpression(dialect, parsed.tokens, params) : '';
    if (!parsed.ok || params.values.length > 0) {
      unsupportedFields.push(f.name);
      continue;
    }
    columns.push(`${text} AS ${quoteIdent(dialect, f.name)}`);
    fields.push({ name: f.name, title: f.title || f.name, dataType: f.dataType, aggregator: f.aggregator ?? '', calculated: true });
  }

  if (columns.length === 0 && row.table_name && checked.sql === tableSql(dialect, row.table_schema, row.table_name)) {
    return { sourceKind: 'table', tableSchema: row.table_schema, tableName: row.table_name, sql: '', fields, unsupportedFields };
  }
  if (columns.length === 0) return { sourceKind: 'sql', tableSchema: '', tableName: '', sql: checked.sql, fields, unsupportedFields };

  const list = ['t.*', ...columns].join(', ');
  // SQL Server allows no WITH inside a derived table: its WITH part goes in front
  const split = dialect === 'mssql' ? splitWith(checked.sql, checked.tokens) : undefined;
  const alias = dialect === 'oracle' ? ' t' : dialect === 'mssql' ? ' AS t' : ' t';
  const sql = split ? `${split.withPart}\nSELECT ${list} FROM (\n${split.main}\n)${alias}` : `SELECT ${list} FROM (\n${checked.sql}\n)${alias}`;
  return { sourceKind: 'sql', tableSchema: '', tableName: '', sql, fields, unsupportedFields };
}
