import type { Type } from '@nestjs/common';
import type { SourceKindKey } from '@bi/rules';
import type { SourceRow } from '../data-source.repository.js';
import { ErpReportService } from '../sources/erp-report.service.js';
import type { Connector } from './connector.js';

/** What opens a connector over a stored synced source (a scheduled sync, "refresh now"): a Nest provider. */
export interface SourceConnectorFactory {
  connectorFor(row: SourceRow): Promise<Connector>;
}

/** The connector of each synced kind that is re-read from its origin, by registry key (libs/rules source-kinds.ts). */
export const CONNECTORS: Partial<Record<SourceKindKey, Type<SourceConnectorFactory>>> = {
  erpReport: ErpReportService,
};
