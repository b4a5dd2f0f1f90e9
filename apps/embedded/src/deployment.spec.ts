import { existsSync, readFileSync } from 'node:fs';
import { parse, parseAllDocuments } from 'yaml';
import { CONFIG_VARIABLES, loadConfig, SERVICE_NAMES } from '@bi/config';
import { SERVICE_NODE_OPTIONS, nodeOptionsFor } from './distributed.js';

// No Docker engine runs where this project is built, so the deployment files are checked by reading
// them: every service present, ports and variables matching the configuration schema.
const root = new URL('../../../', import.meta.url).pathname;
const read = (p: string) => readFileSync(root + p, 'utf8');
const APP_SERVICES = [...SERVICE_NAMES, 'bff'];
const OFFICIAL = /^(postgres|redis|apache\/kafka):/;
const PLACEHOLDER = { BI_JWT_SECRET: 'x'.repeat(64), BI_ADMIN_PASSWORD: 'placeholder-1', DATABASE_URL: 'postgres://bi:p@postgres:5432/bi' };

/** Replaces ${VAR:-default} / ${VAR:?msg} with the default or a placeholder, as compose would. */
function interpolate(value: unknown): string {
  return String(value).replace(/\$\{(\w+)(?::[-?]([^}]*))?\}/g, (_m, name: string, fallback?: string) => (PLACEHOLDER as Record<string, string>)[name] ?? fallback ?? 'x');
}

describe('docker-compose.yml', () => {
  const compose = parse(read('docker-compose.yml'), { merge: true });
  const services = compose.services as Record<string, any>;

  it('runs every service, the BFF and the official PostgreSQL, Redis and Kafka images', () => {
    for (const s of [...APP_SERVICES, 'postgres', 'redis', 'kafka']) expect(services).toHaveProperty([s]);
    for (const s of ['postgres', 'redis', 'kafka']) expect(services[s].image).toMatch(OFFICIAL);
    expect(services['chart-query'].deploy.replicas).toBeGreaterThanOrEqual(2);
    expect(services.bff.ports).toContain('8080:8080');
  });

  it('gives each container a health check and resource limits', () => {
    for (const [name, s] of Object.entries(services)) {
      expect([name, s.healthcheck?.test?.length > 0]).toEqual([name, true]);
      expect([name, s.deploy?.resources?.limits?.memory]).toEqual([name, expect.any(String)]);
    }
  });

  it('sets only variables the configuration knows, valid for every service, with matching addresses', () => {
    for (const name of APP_SERVICES) {
      const env = Object.fromEntries(Object.entries(services[name].environment as Record<string, unknown>).map(([k, v]) => [k, interpolate(v)]));
      for (const key of Object.keys(env)) expect([name, key, CONFIG_VARIABLES.includes(key) || key === 'SERVICE' || key === 'NODE_OPTIONS']).toEqual([name, key, true]);
      // Node options as the distributed starter gives them (the data-source heap)
      expect([name, env.NODE_OPTIONS]).toEqual([name, SERVICE_NODE_OPTIONS[name]]);
      const config = loadConfig(env);
      expect(config.metadataStore.kind).toBe('postgres');
      expect(config.dataSources.analyticsStore.kind).toBe('postgres');
      expect(config.eventBus.kind).toBe('kafka');
      expect(config.cache.kind).toBe('redis');
      for (const svc of SERVICE_NAMES) expect(config.services[svc]).toEqual([expect.stringMatching(new RegExp(`^${svc}:\\d+$`))]);
      expect(env.SERVICE).toBe(name);
    }
  });
});

describe('deploy/k8s', () => {
  const docs = ['config', 'services', 'infra'].flatMap((f) => parseAllDocuments(read(`deploy/k8s/${f}.yaml`)).map((d) => d.toJS()));
  const byKind = (kind: string) => docs.filter((d) => d.kind === kind);
  const configMap = byKind('ConfigMap').find((d) => d.metadata.name === 'bi-config').data as Record<string, string>;

  it('has a Deployment and a Service per application service, on the configured ports', () => {
    const config = loadConfig({ ...configMap, ...PLACEHOLDER });
    expect(config.metadataStore.kind).toBe('postgres');
    expect(config.dataSources.analyticsStore.kind).toBe('postgres');
    for (const name of APP_SERVICES) {
      const deployment = byKind('Deployment').find((d) => d.metadata.name === name);
      const service = byKind('Service').find((d) => d.metadata.name === name);
      expect([name, Boolean(deployment && service)]).toEqual([name, true]);
      const container = deployment.spec.template.spec.containers[0];
      const port = name === 'bff' ? 8080 : Number(config.services[name as (typeof SERVICE_NAMES)[number]][0].split(':')[1]);
      expect(container.ports[0].containerPort).toBe(port);
      expect(service.spec.ports[0].port).toBe(port);
      expect(container.env).toContainEqual({ name: 'SERVICE', value: name });
      expect([name, container.env.find((e: { name: string }) => e.name === 'NODE_OPTIONS')?.value]).toEqual([name, SERVICE_NODE_OPTIONS[name]]);
      expect(container.resources.limits.memory).toBeDefined();
      expect(container.readinessProbe).toBeDefined();
      expect(container.livenessProbe).toBeDefined();
    }
    expect(byKind('Deployment').find((d) => d.metadata.name === 'chart-query').spec.replicas).toBeGreaterThanOrEqual(2);
    // headless, so the BFF's resolver sees every replica
    expect(byKind('Service').find((d) => d.metadata.name === 'chart-query').spec.clusterIP).toBe('None');
  });

  it('configures only known variables and uses the official infrastructure images', () => {
    for (const key of Object.keys(configMap)) expect([key, CONFIG_VARIABLES.includes(key)]).toEqual([key, true]);
    for (const d of [...byKind('StatefulSet'), ...byKind('Deployment')].filter((x) => ['postgres', 'redis', 'kafka'].includes(x.metadata.name)))
      expect(d.spec.template.spec.containers[0].image).toMatch(OFFICIAL);
  });
});

describe('service image', () => {
  it('is multi-stage and starts the chosen service, and every service has an entry point', () => {
    const dockerfile = read('deploy/docker/service.Dockerfile');
    expect(dockerfile.match(/^FROM /gm)!.length).toBeGreaterThanOrEqual(2);
    expect(dockerfile).toContain('apps/${SERVICE}/dist/main.js');
    for (const name of [...APP_SERVICES, 'embedded']) expect([name, existsSync(`${root}apps/${name}/src/main.ts`)]).toEqual([name, true]);
  });
});

describe('Node options of the service processes', () => {
  it('adds the options of the service to the inherited ones', () => {
    expect(nodeOptionsFor('data-source', undefined)).toBe('--max-old-space-size=256');
    expect(nodeOptionsFor('data-source', '--enable-source-maps')).toBe('--enable-source-maps --max-old-space-size=256');
    expect(nodeOptionsFor('identity', undefined)).toBeUndefined();
    expect(nodeOptionsFor('identity', '--x')).toBe('--x');
  });
});

describe('the analytics store in a database of its own (issue 34, docs/adr/0029)', () => {
  const init = 'deploy/postgres/analytics-database.sh';

  it('docker-compose: every service reads uploads from bi_analytics as its own user; PostgreSQL makes both at first start', () => {
    const services = parse(read('docker-compose.yml'), { merge: true }).services as Record<string, any>;
    for (const name of APP_SERVICES) {
      const env = Object.fromEntries(Object.entries(services[name].environment as Record<string, unknown>).map(([k, v]) => [k, interpolate(v)]));
      const store = loadConfig(env).dataSources.analyticsStore;
      expect(store.kind === 'postgres' && new URL(store.url)).toMatchObject({ username: 'bi_analytics', pathname: '/bi_analytics' });
      expect(new URL(env.DATABASE_URL).pathname).toBe('/bi');
    }
    expect(services.postgres.volumes).toContain(`./${init}:/docker-entrypoint-initdb.d/10-analytics-database.sh:ro`);
    expect(services.postgres.environment.BI_ANALYTICS_PASSWORD).toBeDefined();
  });

  it('deploy/k8s: PostgreSQL runs the same script from the ConfigMap bi-postgres-init', () => {
    const docs = ['config', 'infra'].flatMap((f) => parseAllDocuments(read(`deploy/k8s/${f}.yaml`)).map((d) => d.toJS()));
    const pod = docs.find((d) => d.kind === 'StatefulSet' && d.metadata.name === 'postgres').spec.template.spec;
    expect(pod.volumes).toContainEqual({ name: 'init', configMap: { name: 'bi-postgres-init', defaultMode: 0o555 } });
    expect(pod.containers[0].volumeMounts).toContainEqual({ name: 'init', mountPath: '/docker-entrypoint-initdb.d', readOnly: true });
    expect(read('deploy/k8s/config.yaml')).toContain(`kubectl create configmap bi-postgres-init --from-file=${init}`);
    expect(read('deploy/k8s/config.yaml')).toContain('BI_ANALYTICS_DATABASE_URL=postgres://bi_analytics:');
  });
});
