import { SERVICE_NAMES, type AppConfig, type ServiceName } from '@bi/config';
import type { healthV1 } from '@bi/proto';
import { serviceClients } from '@bi/service-kit';

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
/** Every service's client (service-kit's serviceClients); its channels are closed on module destroy. */
export const SERVICE_CLIENTS = Symbol('SERVICE_CLIENTS');

/** One client per service from service-kit's factory (round-robin, retry on UNAVAILABLE, in-process in embedded mode, named deadlines). */
export function grpcClientProviders(config: AppConfig) {
  const clients = serviceClients(config, SERVICE_NAMES);
  return [
    { provide: SERVICE_CLIENTS, useValue: clients },
    { provide: IDENTITY_CLIENT, useValue: clients.identity.service },
    { provide: DASHBOARD_CLIENT, useValue: clients.dashboard.service },
    { provide: DATA_SOURCE_CLIENT, useValue: clients['data-source'].service },
    { provide: DATA_SOURCE_QUERY_CLIENT, useValue: clients['data-source'].query },
    { provide: CHART_QUERY_CLIENT, useValue: clients['chart-query'].service },
    { provide: WARNING_CLIENT, useValue: clients.warning.service },
    { provide: RELATION_CLIENT, useValue: clients.relation.service },
    { provide: TEMPLATE_CLIENT, useValue: clients.template.service },
    { provide: DATA_SOURCE_RAW_CLIENT, useValue: clients['data-source'].raw() },
    { provide: HEALTH_CLIENTS, useValue: Object.fromEntries(SERVICE_NAMES.map((n) => [n, clients[n].health])) as HealthClients },
  ];
}

/** Awaits one gRPC call with a deadline; failures become AppErrors the HTTP layer can translate. */
export { callService as rpc } from '@bi/service-kit';
