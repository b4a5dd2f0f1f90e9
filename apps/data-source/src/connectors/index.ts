import type { Principal } from '@bi/access';
import type { Logger } from '@bi/core';
import { connectorOfSource, type SourceConnectorName } from '@bi/rules';
import type { SourceRow } from '../data-source.repository.js';
import type { ApiSourcesService } from '../sources/api-sources.service.js';
import type { ErpReportService } from '../sources/erp-report.service.js';
import type { IndicatorService } from '../sources/indicator.service.js';
import type { Connector } from './connector.js';

/** Whose principal a sync runs as (the source's creator, grants as of now): a connector asks @bi/access with it for any access decision it makes (an outbound target). */
export interface SyncPrincipal {
  userId: string | null;
  userName: string;
  principal: Principal;
}

/** What a connector gets to read a synced source's origin again. */
export interface SyncContext {
  source: SourceRow;
  runAs: SyncPrincipal;
  logger: Logger;
  /** the stores of the kinds' own settings (an API source's request, its secrets and watermark) */
  stores: { apiSources: Pick<ApiSourcesService, 'syncPlan'>; erpReports: Pick<ErpReportService, 'connectorFor'>; indicators: Pick<IndicatorService, 'connectorFor'> };
}

/** A sync's connector and how its rows go in: replacing the copy, or appended to it (a kind the registry lets append). */
export interface SyncPlan {
  connector: Connector;
  mode: 'replace' | 'append';
  /** after the copy is loaded (an incremental read keeps its new watermark) */
  done?(): Promise<void>;
}

/**
 * A connector file's entry in the map below. `sync` reads a source's origin again (the sync job,
 * "refresh now"); a kind without it has no origin to read again (an upload: its copy changes by the
 * upload actions only) and is never claimed by the sync job.
 */
export interface ConnectorEntry {
  sync?(ctx: SyncContext): SyncPlan | Promise<SyncPlan>;
}

/**
 * The connectors by name (the registry's `connector` field, libs/rules source-kinds.ts): the sync job
 * reaches a kind's connector only through this map. A name of SOURCE_CONNECTORS without an entry
 * fails the type check. Adding a synced kind: its registry entry, its connector file, its line here.
 */
export const CONNECTORS: Record<SourceConnectorName, ConnectorEntry> = {
  // uploads (uploads/upload.service.ts builds a SheetConnector over the uploaded file): no origin to read again
  sheet: {},
  // HTTP API sources: the stored request read again, whole (replace) or after the last watermark (append)
  'http-api': { sync: ({ source, stores }) => stores.apiSources.syncPlan(source.id) },
  // ERP report sources: the program's rows for the period up to today, replacing the copy
  'erp-report': { sync: async ({ source, stores }) => ({ connector: await stores.erpReports.connectorFor(source), mode: 'replace' }) },
  // indicator imports (types 1 and 5): the targets' values for the import's date settings as of today, replacing the copy
  indicator: { sync: async ({ source, stores }) => ({ connector: await stores.indicators.connectorFor(source), mode: 'replace' }) },
};

/** The connector entry of a stored source's kind; null for a live kind or one not built. */
export function connectorEntryOf(source: { type: number; reference?: string | null }): ConnectorEntry | null {
  const name = connectorOfSource(source);
  return name === null ? null : CONNECTORS[name];
}
