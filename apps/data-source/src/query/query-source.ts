import type { dataSourceQueryV1 } from '@bi/proto';
import { calculatedSourceSql, tableSql, type CalculatedColumn, type ReadSql } from '@bi/query';
import { parseExpression, type DialectName } from '@bi/sql-text';
import type { SourceRow } from '../data-source.repository.js';

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
export function querySourceOf(row: SourceRow, dialect: DialectName, checked: ReadSql): QuerySourcePart {
  const base = row.fields.filter((f) => !f.expression);
  const baseNames = base.map((f) => f.name);
  const fields: dataSourceQueryV1.SourceFieldInfo[] = base.map((f) => ({ name: f.name, title: f.title || f.name, dataType: f.dataType, aggregator: f.aggregator ?? '', calculated: false }));
  const unsupportedFields: string[] = [];
  const calculated: CalculatedColumn[] = [];
  for (const f of row.fields.filter((x) => x.expression)) {
    const parsed = parseExpression(f.expression, baseNames);
    if (parsed.ok) calculated.push({ name: f.name, tokens: parsed.tokens });
    else unsupportedFields.push(f.name);
  }
  // SQL Server's WITH part goes in front (the writer's hoisting, as for every derived table)
  const written = calculatedSourceSql(dialect, checked, calculated);
  unsupportedFields.push(...written.unsupported);
  const included = new Set(written.included);
  for (const f of row.fields.filter((x) => x.expression && included.has(x.name))) {
    fields.push({ name: f.name, title: f.title || f.name, dataType: f.dataType, aggregator: f.aggregator ?? '', calculated: true });
  }

  if (included.size === 0 && row.table_name && checked.sql === tableSql(dialect, row.table_schema, row.table_name)) {
    return { sourceKind: 'table', tableSchema: row.table_schema, tableName: row.table_name, sql: '', fields, unsupportedFields };
  }
  return { sourceKind: 'sql', tableSchema: '', tableName: '', sql: written.sql, fields, unsupportedFields };
}
