import { Injectable } from '@nestjs/common';
import type { dataSourceV1 } from '@bi/proto';
import { DataSourceRepository } from '../data-source.repository.js';
import { SourceLookup } from './source-lookup.js';

/** A source's change history (spec 02 §9), newest first; written by SourceWriter with each change. */
@Injectable()
export class HistoryService {
  constructor(
    private readonly repo: DataSourceRepository,
    private readonly lookup: SourceLookup,
  ) {}

  async listHistory(id: string): Promise<dataSourceV1.ListHistoryReply> {
    await this.lookup.source(id);
    return { entries: await this.repo.history(id) };
  }
}
