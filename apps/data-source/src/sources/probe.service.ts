import { Injectable } from '@nestjs/common';
import { AppError } from '@bi/core';
import type { dataSourceV1 } from '@bi/proto';
import { PROBE_MAX_ROWS, SOURCE_TYPE } from '@bi/rules';
import type { ConnectionSpec } from '../drivers/driver.js';
import { connectionSpec, normalizeConnection, sourceType } from '../source-connection.js';
import { SourceRunner, checkColumnNames, toQueryResult } from '../source-runner.js';
import { SourceLookup, actorOf } from './source-lookup.js';
import { SourceSpecs } from './source-specs.js';

/** The wizard's steps (spec 02 §2): list the tables, or preview SQL or a table, without saving anything. */
@Injectable()
export class ProbeService {
  constructor(
    private readonly lookup: SourceLookup,
    private readonly specs: SourceSpecs,
    private readonly runner: SourceRunner,
  ) {}

  async probe(req: dataSourceV1.ProbeRequest): Promise<dataSourceV1.ProbeReply> {
    const actor = actorOf(req.actor);
    const type = sourceType(req.type);
    let spec: ConnectionSpec;
    if (req.dataSourceId) {
      const stored = await this.lookup.source(req.dataSourceId);
      if (stored.type !== type) throw new AppError('invalid', 'datasource.type_fixed');
      if (type === SOURCE_TYPE.analytics && !actor.isAdmin) throw new AppError('forbidden', 'datasource.analytics_admin_only');
      spec = this.specs.specWithStoredPassword(type, req.connection, stored);
    } else {
      this.specs.checkCreatable(type, actor.isAdmin);
      const { connection, password } = normalizeConnection(type, req.connection);
      spec = connectionSpec(type, connection, password, this.specs.analyticsStore);
    }
    const count = Math.min(Math.max(req.count || 100, 1), PROBE_MAX_ROWS);
    const content = (req.content ?? '').trim();
    const tableName = (req.tableName ?? '').trim();
    if (!content && !tableName) {
      const tables = await this.runner.listTables(spec);
      return { tables };
    }
    const sql = content || (await this.specs.tableSource(spec, req.tableSchema ?? '', tableName));
    const checked = this.runner.check(spec, sql);
    const result = await this.runner.run(spec, checked, [], count);
    checkColumnNames(result.columns);
    return { tables: [], preview: toQueryResult(result, undefined, undefined, count) };
  }
}
