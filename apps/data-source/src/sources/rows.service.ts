import { Injectable } from '@nestjs/common';
import { AppError } from '@bi/core';
import type { dataSourceV1 } from '@bi/proto';
import { SOURCE_TYPE } from '@bi/rules';
import type { SourceRow } from '../data-source.repository.js';
import { JoinTableService } from '../joins/join-table.service.js';
import { EXPORT_BATCH_BYTES, SourceRunner, rowsJson, toQueryResult } from '../source-runner.js';
import { SourceLookup } from './source-lookup.js';
import { SourceSpecs } from './source-specs.js';

/** A source's rows: the preview of its page (spec 02 §8) and the export (every row in batches). */
@Injectable()
export class RowsService {
  constructor(
    private readonly lookup: SourceLookup,
    private readonly specs: SourceSpecs,
    private readonly runner: SourceRunner,
    private readonly joins: JoinTableService,
  ) {}

  /**
   * The first rows of a source, calculated fields computed by its database, and how many rows the
   * source has in all (a count beside them; 0 when the count fails, the rows are shown anyway).
   */
  async preview(id: string, count: number): Promise<dataSourceV1.QueryResult> {
    const row = await this.lookup.source(id);
    const limit = Math.max(1, Math.min(count || 1, this.runner.maxRows));
    if (row.type === SOURCE_TYPE.join) {
      const { result, total } = await this.joins.rows(row, limit, true);
      return { ...toQueryResult(result, SourceLookup.titles(row), undefined, limit), totalRows: total };
    }
    const { spec, checked, calculated } = this.specs.queryParts(row);
    const [result, total] = await Promise.all([this.runner.run(spec, checked, calculated, limit), this.runner.count(spec, checked).catch(() => 0)]);
    return { ...toQueryResult(result, SourceLookup.titles(row), undefined, limit), totalRows: total };
  }

  /** Every row for an export in batches; refused before the first batch above maxRows. */
  async *exportRows(id: string, maxRows: number): AsyncGenerator<dataSourceV1.RowBatch> {
    const row = await this.lookup.source(id);
    const max = Math.max(1, Math.min(maxRows || 1, this.runner.maxRows));
    const result = row.type === SOURCE_TYPE.join ? (await this.joins.rows(row, max + 1, false)).result : await this.run(row, max + 1);
    if (result.rows.length > max) throw new AppError('invalid', 'export.too_many_rows', { max });
    const { columns } = toQueryResult({ columns: result.columns, rows: [] }, SourceLookup.titles(row));
    let rest = result.rows;
    let first = true;
    do {
      const { json, kept } = rowsJson(rest, EXPORT_BATCH_BYTES);
      yield { columns: first ? columns : [], rowsJson: json };
      rest = rest.slice(kept);
      first = false;
    } while (rest.length > 0);
  }

  private run(row: SourceRow, limit: number) {
    const { spec, checked, calculated } = this.specs.queryParts(row);
    return this.runner.run(spec, checked, calculated, limit);
  }
}
