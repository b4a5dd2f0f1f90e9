import type { AppConfig, ServiceName } from '@bi/config';
import { EXTRA_CONTRACTS, HEALTH_CONTRACT, SERVICE_CONTRACTS, type chartQueryV1, type dashboardV1, type dataSourceQueryV1, type dataSourceV1, type healthV1, type identityV1, type relationV1, type templateV1, type warningV1 } from '@bi/proto';
import { connectService } from '@bi/service-kit';
import type { ClientGrpc } from '@nestjs/microservices';

export const IDENTITY_CLIENT = Symbol('IDENTITY_CLIENT');
export const HEALTH_CLIENTS = Symbol('HEALTH_CLIENTS');
export const DASHBOARD_CLIENT = Symbol('DASHBOARD_CLIENT');
export const DATA_SOURCE_CLIENT = Symbol('DATA_SOURCE_CLIENT');
/** data-source's second contract: source descriptions for the chart engine (and the access check of chart calls). */
export const DATA_SOURCE_QUERY_CLIENT = Symbol('DATA_SOURCE_QUERY_CLIENT');
export const CHART_QUERY_CLIENT = Symbol('CHART_QUERY_CLIENT');
export const WARNING_CLIENT = Symbol('WARNING_CLIENT');
export const RELATION_CLIENT = Symbol('RELATION_CLIENT');
export const TEMPLATE_CLIENT = Symbol('TEMPLATE_CLIENT');
/** The grpc-js client of the data-source service itself, for the client-streaming upload (flow control). */
export const DATA_SOURCE_RAW_CLIENT = Symbol('DATA_SOURCE_RAW_CLIENT');

export type HealthClients = Record<ServiceName, healthV1.HealthServiceClient>;

/** One channel per service, with every contract it serves (service-kit's connectService: round-robin, retry on UNAVAILABLE). */
function connect(name: ServiceName, config: AppConfig): ClientGrpc {
  return connectService(name, config.services[name]);
}

export function grpcClientProviders(config: AppConfig) {
  const clients = Object.fromEntries((Object.keys(SERVICE_CONTRACTS) as ServiceName[]).map((n) => [n, connect(n, config)])) as Record<ServiceName, ClientGrpc>;
  return [
    { provide: IDENTITY_CLIENT, useValue: clients.identity.getService<identityV1.IdentityServiceClient>(SERVICE_CONTRACTS.identity.service) },
    { provide: DASHBOARD_CLIENT, useValue: clients.dashboard.getService<dashboardV1.DashboardServiceClient>(SERVICE_CONTRACTS.dashboard.service) },
    { provide: DATA_SOURCE_CLIENT, useValue: clients['data-source'].getService<dataSourceV1.DataSourceServiceClient>(SERVICE_CONTRACTS['data-source'].service) },
    {
      provide: DATA_SOURCE_QUERY_CLIENT,
      useValue: clients['data-source'].getService<dataSourceQueryV1.DataSourceQueryServiceClient>(EXTRA_CONTRACTS['data-source']![0].service),
    },
    { provide: CHART_QUERY_CLIENT, useValue: clients['chart-query'].getService<chartQueryV1.ChartQueryServiceClient>(SERVICE_CONTRACTS['chart-query'].service) },
    { provide: WARNING_CLIENT, useValue: clients.warning.getService<warningV1.WarningServiceClient>(SERVICE_CONTRACTS.warning.service) },
    { provide: RELATION_CLIENT, useValue: clients.relation.getService<relationV1.RelationServiceClient>(SERVICE_CONTRACTS.relation.service) },
    { provide: TEMPLATE_CLIENT, useValue: clients.template.getService<templateV1.TemplateServiceClient>(SERVICE_CONTRACTS.template.service) },
    {
      provide: DATA_SOURCE_RAW_CLIENT,
      useValue: (clients['data-source'] as unknown as { getClientByServiceName<T>(name: string): T }).getClientByServiceName(SERVICE_CONTRACTS['data-source'].service),
    },
    {
      provide: HEALTH_CLIENTS,
      useValue: Object.fromEntries(Object.entries(clients).map(([n, c]) => [n, c.getService<healthV1.HealthServiceClient>(HEALTH_CONTRACT.service)])),
    },
  ];
}

/** Awaits one gRPC call with a deadline; failures become AppErrors the HTTP layer can translate. */
export { callService as rpc } from '@bi/service-kit';
