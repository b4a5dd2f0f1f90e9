import { deadlineOption, deadlines, FIXED_DEADLINES } from './deadlines.js';
import { serviceClient, serviceClients } from './service-client.js';

const config = {
  dataSources: { queryTimeoutSeconds: 30 },
  services: {
    identity: ['127.0.0.1:1'],
    dashboard: ['127.0.0.1:1'],
    'chart-query': ['127.0.0.1:1', '127.0.0.1:2'],
    'data-source': ['127.0.0.1:1'],
    relation: ['127.0.0.1:1'],
    template: ['127.0.0.1:1'],
    warning: ['127.0.0.1:1'],
  },
};

describe('deadlines', () => {
  it('derives the named deadlines from the query timeout, as the callers had them', () => {
    expect(deadlines(config)).toEqual({
      default: 15_000,
      health: 4_000,
      probe: 2_000,
      query: 45_000,
      values: 50_000,
      chart: 90_000,
      source: 120_000,
      fieldRemoval: 60_000,
      rowDeletion: 120_000,
      upload: 600_000,
      import: 1_800_000,
    });
    expect(deadlines({ dataSources: { queryTimeoutSeconds: 5 } })).toMatchObject({ query: 20_000, values: 25_000, chart: 40_000, source: 45_000 });
  });

  it('keeps the fixed ones whatever the configuration', () => {
    expect(deadlines({ dataSources: { queryTimeoutSeconds: 1 } })).toMatchObject(FIXED_DEADLINES);
  });

  it('gives a streaming call its deadline from now', () => {
    const before = Date.now();
    const { deadline } = deadlineOption(1000);
    expect(deadline.getTime()).toBeGreaterThanOrEqual(before + 1000);
  });
});

describe('serviceClient', () => {
  it('answers the typed clients of every contract of a service (data-source: its query contract too), its grpc-js client and health', () => {
    const sources = serviceClient(config, 'data-source');
    try {
      expect(sources.name).toBe('data-source');
      expect(typeof sources.service.listProjects).toBe('function');
      expect(typeof sources.query.runQuery).toBe('function');
      expect(typeof sources.health.check).toBe('function');
      expect(typeof sources.raw<{ uploadChunks: unknown }>().uploadChunks).toBe('function');
      expect(sources.deadlines.query).toBe(45_000);
    } finally {
      sources.close();
    }
  });

  it('makes one client per service, closed together on module destroy', () => {
    const clients = serviceClients(config, ['chart-query', 'identity']);
    const closed: string[] = [];
    for (const n of ['chart-query', 'identity'] as const) {
      const close = clients[n].close;
      (clients[n] as { close(): void }).close = () => {
        closed.push(n);
        close();
      };
    }
    expect(typeof clients['chart-query'].service.chartValues).toBe('function');
    expect(typeof clients.identity.service.getUserGrants).toBe('function');
    clients.onModuleDestroy();
    expect(closed).toEqual(['chart-query', 'identity']);
  });
});
