/**
 * The connectors of the synced kinds (connector.ts), by the kind of the source-kind registry
 * (libs/rules source-kinds.ts) they read: the sync job and "refresh now" find a source's connector here.
 */
export { HttpApiConnector, apiPages } from './http-api.connector.js';
export { SheetConnector } from './sheet.connector.js';
export type { Connector, ConnectorField, ConnectorRead } from './connector.js';

import { HttpApiConnector } from './http-api.connector.js';
import { SheetConnector } from './sheet.connector.js';

/** The connector class of each synced kind. An API source's connector over its stored settings: ApiSourcesService.connectorOf. */
export const CONNECTORS = {
  excel: SheetConnector,
  api: HttpApiConnector,
} as const;
