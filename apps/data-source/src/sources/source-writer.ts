import { Injectable } from '@nestjs/common';
import { AppError } from '@bi/core';
import type { SqlExecutor } from '@bi/persistence';
import { DataSourceEvents, type DataChangeKind } from '../data-source.events.js';
import { DataSourceRepository, type HistoryItem, type NewSource, type SourceChanges, type SourceRow } from '../data-source.repository.js';

/** A new source's row as a kind gives it: what it leaves out is empty (no description, connection, SQL, table or cache time). */
export type NewSourceInput = Pick<NewSource, 'id' | 'projectId' | 'name' | 'type' | 'fields' | 'createdBy' | 'createdByName'> & Partial<NewSource>;

const EMPTY_SOURCE = { description: '', connection: null, passwordEnc: null, content: '', tableSchema: '', tableName: '', cacheInterval: 0, reference: '' };

/** What a write records beside the source row: its history entry and, for a change of data or schema, the DataChanged event. */
export interface SourceRecord {
  /** The history entry's items ([] writes none). */
  history: HistoryItem[];
  /** Who made the change (history and event). */
  by: string;
  /** The DataChanged event; none for a change that leaves the data and its shape as they were. */
  event?: DataChangeKind;
  /** Rows the change loaded or deleted (the event's rowCount). */
  rows?: number;
  /** Further writes of the same transaction (a joined table's tree, a new name, row-level rules). */
  also?: (tx: SqlExecutor) => Promise<void>;
}

/** A change of one existing source: its columns (none: the row is left as it is) and what is recorded with it. */
export interface SourceUpdate extends Omit<SourceRecord, 'by'> {
  id: string;
  changes?: SourceChanges;
}

/**
 * The one place a source row is written (docs/adr/0007-source-writer-and-connectors.md): the row
 * (insert, update or delete), its history entry and its DataChanged event (the outbox) in one
 * metadata transaction, then the event published and the freshness stamps of the sources (and the
 * joined tables reading them) renewed before the call answers. Every kind (SQL sources, uploads and
 * other synced kinds, joined tables, folder moves, row-level rules) writes through it.
 */
@Injectable()
export class SourceWriter {
  constructor(
    private readonly repo: DataSourceRepository,
    private readonly events: DataSourceEvents,
  ) {}

  /** A new source; its event (when asked) carries data version 1, the version of a new row. */
  async insert(source: NewSourceInput, r: SourceRecord): Promise<void> {
    await this.repo.db.transaction(async (tx) => {
      await this.repo.insertSource(tx, { ...EMPTY_SOURCE, ...source });
      await this.record(tx, source.id, 1, r.by, r);
    });
    await this.after([source.id], !!r.event);
  }

  /** Changes of one source, or of several in one transaction (a folder move). */
  async update(updates: SourceUpdate | SourceUpdate[], by: string): Promise<void> {
    const list = Array.isArray(updates) ? updates : [updates];
    if (list.length === 0) return;
    await this.repo.db.transaction(async (tx) => {
      for (const u of list) {
        const version = u.changes ? await this.repo.updateSource(tx, u.id, u.changes) : 0;
        await this.record(tx, u.id, version, by, u);
      }
    });
    await this.after(
      list.map((u) => u.id),
      list.some((u) => u.event),
    );
  }

  /** Deletes a source, refused while a joined table reads it (docs/api/join-table.md); its 'delete_source' event. */
  async delete(row: SourceRow, by: string): Promise<void> {
    await this.repo.db.transaction(async (tx) => {
      const users = await this.repo.joinsUsing([row.id], tx);
      if (users.length) throw new AppError('conflict', 'join.in_use', { names: users.map((u) => u.name).join(', ') });
      if (!(await this.repo.deleteSource(tx, row.id))) throw new AppError('not_found', 'datasource.not_found');
      await this.events.dataChanged(tx, row.id, 'delete_source', row.data_version + 1, by);
    });
    await this.after([row.id], true);
  }

  private async record(tx: SqlExecutor, id: string, version: number, by: string, r: Omit<SourceRecord, 'by'>): Promise<void> {
    if (r.history.length) await this.repo.addHistory(tx, id, r.history, by);
    if (r.also) await r.also(tx);
    if (r.event) await this.events.dataChanged(tx, id, r.event, version, by, r.rows ?? 0);
  }

  /** After the commit: events out now rather than on the relay's next tick; new stamps. */
  private async after(ids: string[], evented: boolean): Promise<void> {
    if (evented) this.events.published();
    await this.events.sourcesChanged(ids);
  }
}
