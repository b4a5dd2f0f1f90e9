import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export * as healthV1 from './generated/health/v1/health.js';
export * as identityV1 from './generated/identity/v1/identity.js';
export * as eventsV1 from './generated/events/v1/events.js';
export * as dashboardV1 from './generated/dashboard/v1/dashboard.js';
export * as chartQueryV1 from './generated/chart_query/v1/chart_query.js';
export * as dataSourceV1 from './generated/data_source/v1/data_source.js';
export * as dataSourceQueryV1 from './generated/data_source/v1/query.js';
export * as relationV1 from './generated/relation/v1/relation.js';
export * as templateV1 from './generated/template/v1/template.js';
export * as warningV1 from './generated/warning/v1/warning.js';

/** proto/ at the repository root; the .proto files are loaded at run time by the gRPC transport. */
export const PROTO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../../proto');

/** The loader options every server and client uses (ARCHITECTURE §6). */
export const GRPC_LOADER_OPTIONS = { keepCase: false, longs: Number, enums: String, defaults: true, oneofs: true, includeDirs: [PROTO_ROOT] };

export interface GrpcContract {
  /** protobuf package, e.g. identity.v1 */
  package: string;
  /** path under proto/ */
  file: string;
  /** service name inside the package */
  service: string;
}

export const HEALTH_CONTRACT: GrpcContract = { package: 'health.v1', file: 'health/v1/health.proto', service: 'HealthService' };

/** The first contract of each service; the health contract is served beside it by every service. */
export const SERVICE_CONTRACTS = {
  identity: { package: 'identity.v1', file: 'identity/v1/identity.proto', service: 'IdentityService' },
  dashboard: { package: 'dashboard.v1', file: 'dashboard/v1/dashboard.proto', service: 'DashboardService' },
  'chart-query': { package: 'chart_query.v1', file: 'chart_query/v1/chart_query.proto', service: 'ChartQueryService' },
  'data-source': { package: 'data_source.v1', file: 'data_source/v1/data_source.proto', service: 'DataSourceService' },
  relation: { package: 'relation.v1', file: 'relation/v1/relation.proto', service: 'RelationService' },
  template: { package: 'template.v1', file: 'template/v1/template.proto', service: 'TemplateService' },
  warning: { package: 'warning.v1', file: 'warning/v1/warning.proto', service: 'WarningService' },
} as const satisfies Record<string, GrpcContract>;

/**
 * Further contracts a service serves beside its first one (same process, same port). The chart
 * engine's queries run in data-source, which holds the connections and their secrets.
 */
export const EXTRA_CONTRACTS: Partial<Record<keyof typeof SERVICE_CONTRACTS, GrpcContract[]>> = {
  'data-source': [{ package: 'data_source.v1', file: 'data_source/v1/query.proto', service: 'DataSourceQueryService' }],
};

export function protoPath(contract: GrpcContract): string {
  return join(PROTO_ROOT, contract.file);
}
