import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '@bi/config';
import { AppError } from '@bi/core';
import type { dataSourceV1 } from '@bi/proto';
import { SOURCE_TYPE, SOURCE_TYPE_MODULE, type DatabaseSourceType } from '@bi/rules';
import { CONFIG, ENGINE_TEXT } from '@bi/service-kit';
import { parseExpression } from '@bi/sql-text';
import { tableSql, type CalculatedColumn, type ReadSql } from '@bi/query';
import type { SourceRow, StoredConnection } from '../data-source.repository.js';
import type { ConnectionSpec, DriverColumn } from '../drivers/driver.js';
import { SecretBox, SecretUnreadableError } from '../secrets.js';
import { connectionSpec, normalizeConnection, readType, sameServer } from '../source-connection.js';
import { SourceRunner, checkColumnNames } from '../source-runner.js';
import { expressionProblemError } from '../sql/source-sql.js';

/**
 * What a database source runs on and what it reads: its connection (with the stored password),
 * the module gates of its type, its SQL (sent, or SELECT * FROM a listed table), its columns and
 * calculated fields as its database sees them.
 */
@Injectable()
export class SourceSpecs {
  constructor(
    private readonly runner: SourceRunner,
    private readonly secrets: SecretBox,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  get analyticsStore() {
    return this.config.dataSources.analyticsStore;
  }

  /** Module flags (BI_MODULES) gate the types; free SQL on the shared analytics store is for admins. */
  checkCreatable(type: DatabaseSourceType, isAdmin: boolean): void {
    const module = SOURCE_TYPE_MODULE[type];
    if (module && !this.config.modules.includes(module)) throw new AppError('invalid', 'datasource.type_disabled', { type });
    if (type === SOURCE_TYPE.analytics && !isAdmin) throw new AppError('forbidden', 'datasource.analytics_admin_only');
  }

  encrypt(password: string, id: string): string {
    return this.secrets.encrypt(password, id);
  }

  storedPassword(row: SourceRow): string {
    if (!row.password_enc) return '';
    try {
      return this.secrets.decrypt(row.password_enc, row.id);
    } catch (e) {
      if (e instanceof SecretUnreadableError) throw new AppError('invalid', 'secret.unreadable');
      throw e;
    }
  }

  specOf(row: SourceRow): ConnectionSpec {
    return connectionSpec(readType(row.type), row.connection, this.storedPassword(row), this.analyticsStore);
  }

  /** For closing pools: a source whose password no longer decrypts has no pool anyway. */
  specOfSafe(row: SourceRow): ConnectionSpec {
    try {
      return this.specOf(row);
    } catch {
      return connectionSpec(readType(row.type), row.connection, '', this.analyticsStore);
    }
  }

  specWithStoredPassword(type: DatabaseSourceType, input: dataSourceV1.ConnectionInput | undefined, stored: SourceRow): ConnectionSpec {
    if (type === SOURCE_TYPE.analytics) return this.specOf(stored);
    const { connection, password } = normalizeConnection(type, input ?? asInput(stored.connection));
    if (password) return connectionSpec(type, connection, password, this.analyticsStore);
    if (stored.password_enc && !sameServer(stored.connection, connection)) throw new AppError('invalid', 'connection.password_again');
    return connectionSpec(type, connection, this.storedPassword(stored), this.analyticsStore);
  }

  async tableSource(spec: ConnectionSpec, schema: string, name: string): Promise<string> {
    const table = await this.runner.knownTable(spec, schema.trim(), name);
    return tableSql(spec.engine, table.schema, table.name);
  }

  /** Content as sent, or SELECT * FROM a listed table. */
  async sourceText(spec: ConnectionSpec, content: string | undefined, tableSchema: string | undefined, tableName: string | undefined) {
    const text = (content ?? '').trim();
    const name = (tableName ?? '').trim();
    if (text) return { content: text, tableSchema: name ? (tableSchema ?? '').trim() : '', tableName: name };
    if (!name) throw new AppError('invalid', 'datasource.content_required');
    const table = await this.runner.knownTable(spec, (tableSchema ?? '').trim(), name);
    return { content: tableSql(spec.engine, table.schema, table.name), tableSchema: table.schema, tableName: table.name };
  }

  /** The columns of the source SQL, read by running it for no rows. */
  async columnsOf(spec: ConnectionSpec, checked: ReadSql): Promise<DriverColumn[]> {
    const result = await this.runner.run(spec, checked, [], 0);
    checkColumnNames(result.columns);
    return result.columns;
  }

  /** Checks a calculated field with the whitelist, then by its database (no rows read); answers its type. */
  async checkCalculated(spec: ConnectionSpec, checked: ReadSql, fields: dataSourceV1.Field[], f: dataSourceV1.Field): Promise<string> {
    const parsed = parseExpression(f.expression, fields.filter((x) => !x.expression).map((x) => x.name));
    if (!parsed.ok) throw expressionProblemError(f.name, parsed.problem);
    try {
      const result = await this.runner.run(spec, checked, [{ name: f.name, tokens: parsed.tokens }], 0);
      return result.columns.at(-1)?.dataType ?? 'string';
    } catch (e) {
      // the database's text is logged with a request id (ENGINE_TEXT), the message names the id
      if (e instanceof AppError && e.key === 'query.failed') throw new AppError('invalid', 'field.expression_db', { name: f.name, [ENGINE_TEXT]: String(e.params[ENGINE_TEXT] ?? '') });
      throw e;
    }
  }

  /** A stored source's connection, checked SQL and calculated fields, ready to run. */
  queryParts(row: SourceRow): { spec: ConnectionSpec; checked: ReadSql; calculated: CalculatedColumn[] } {
    const spec = this.specOf(row);
    const checked = this.runner.check(spec, row.content);
    const base = row.fields.filter((f) => !f.expression).map((f) => f.name);
    const calculated: CalculatedColumn[] = [];
    for (const f of row.fields.filter((x) => x.expression)) {
      const parsed = parseExpression(f.expression, base);
      if (!parsed.ok) throw expressionProblemError(f.name, parsed.problem);
      calculated.push({ name: f.name, tokens: parsed.tokens });
    }
    return { spec, checked, calculated };
  }
}

function asInput(c: StoredConnection | null): dataSourceV1.ConnectionInput | undefined {
  return c ? { ...c, password: '' } : undefined;
}
