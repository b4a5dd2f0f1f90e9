import { Injectable } from '@nestjs/common';
import { AppError } from '@bi/core';
import type { dataSourceV1 } from '@bi/proto';
import { isUploadSyntheticField } from '@bi/rules';
import { QueryError, checkRowRules, type SourceField } from '@bi/query';
import { DataSourceRepository } from '../data-source.repository.js';
import { SourceLookup } from './source-lookup.js';
import { SourceWriter } from './source-writer.js';
import { SourceRevisions, type SourceRestore } from './source-revisions.js';

/** A source's row-level rules (docs/api/sharing.md "Row-level rules"). */
@Injectable()
export class RowRulesService {
  constructor(
    private readonly repo: DataSourceRepository,
    private readonly lookup: SourceLookup,
    private readonly writer: SourceWriter,
    private readonly revisions: SourceRevisions,
  ) {}

  /**
   * Replaces a source's row-level rules: checked against the fields charts may use (field, operator
   * for its type, typed and bounded values); a history line; the source's stamp renewed, so every
   * kept answer and description is read again.
   */
  async setRowRules(req: dataSourceV1.SetRowRulesRequest, restore?: SourceRestore): Promise<dataSourceV1.SetRowRulesReply> {
    const row = await this.lookup.source(req.dataSourceId);
    let input: unknown;
    try {
      input = JSON.parse(req.rulesJson || '{}');
    } catch {
      throw new AppError('invalid', 'request.invalid', { detail: 'rules: not JSON' });
    }
    const fields: SourceField[] = row.fields
      .filter((f) => !isUploadSyntheticField(row.reference, f.name) && ['string', 'number', 'date'].includes(f.dataType))
      .map((f) => ({ name: f.name, dataType: f.dataType as SourceField['dataType'] }));
    let rules;
    try {
      rules = checkRowRules(input, fields);
    } catch (e) {
      if (e instanceof QueryError) throw new AppError('invalid', `chart.${e.code}`, { ...e.params });
      throw e;
    }
    const stored = rules.rules.length === 0 && !rules.denyByDefault ? null : rules;
    await this.writer.update(
      {
        id: row.id,
        history: [{ key: 'history.row_rules_changed', params: { count: rules.rules.length } }],
        also: async (tx) => {
          await this.repo.setRowRules(tx, row.id, stored);
          // its history (issue 33), in the same transaction
          await this.revisions.record(tx, 'rowRules', row.id, req.actor?.userId ?? '', row.name, row.row_rules ?? null, stored, restore);
        },
      },
      req.actor?.userName ?? '',
    );
    return { rulesJson: JSON.stringify(rules), beforeJson: row.row_rules ? JSON.stringify(row.row_rules) : '' };
  }
}
