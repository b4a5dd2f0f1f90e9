// Jest over the TypeScript sources (no build needed): @swc/jest with decorators and their metadata,
// native ESM (run with --experimental-vm-modules), workspace packages mapped to their src/.
import { readdirSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const workspaceMap = {};
for (const dir of ['libs', 'apps']) {
  for (const name of readdirSync(dir)) {
    if (existsSync(`${dir}/${name}/src/index.ts`)) workspaceMap[`^@bi/${name}$`] = `<rootDir>/${dir}/${name}/src/index.ts`;
    // subpath exports (package.json "exports": "./kinds" → dist/kinds.js, "./text-rules" → dist/schemas/text-rules.js)
    const pkg = `${dir}/${name}/package.json`;
    const exportsOf = existsSync(pkg) ? (JSON.parse(readFileSync(pkg, 'utf8')).exports ?? {}) : {};
    for (const [sub, target] of Object.entries(exportsOf)) {
      const file = typeof target === 'object' ? target.default : target;
      if (sub !== '.' && typeof file === 'string') workspaceMap[`^@bi/${name}/${sub.slice(2)}$`] = `<rootDir>/${dir}/${name}/${file.replace(/^\.\/dist\//, 'src/').replace(/\.js$/, '.ts')}`;
    }
  }
}

const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'es6' },
    sourceMaps: 'inline',
  },
];

const common = {
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: { '^.+\\.(t|j)sx?$': swc },
  moduleNameMapper: { ...workspaceMap, '^(\\.{1,2}/.*)\\.js$': '$1' },
  testEnvironment: 'node',
  roots: ['<rootDir>/apps', '<rootDir>/libs'],
  modulePathIgnorePatterns: ['<rootDir>/apps/[^/]+/dist', '<rootDir>/libs/[^/]+/dist'],
};

const EMBEDDED_STORE_SUITES = [
  '<rootDir>/libs/*/src/**/*.integration-spec.ts',
  '<rootDir>/apps/!(embedded)/src/**/*.integration-spec.ts',
  ...['first-start', 'demo-dashboard', 'demo-erp', 'hardening', 'synced-copies', 'events'].map((name) => `<rootDir>/apps/embedded/src/${name}.integration-spec.ts`),
];

/**
 * The suites of the services run that use the Kafka broker (they read TEST_KAFKA_BROKERS). They share the services'
 * fixed consumer groups and one of them stops and restarts the broker, so they run one at a time (project
 * `services-kafka`, `--runInBand`); every other suite of the services run has its own database, Redis key prefix and
 * ports, so those run in parallel workers (project `services`; scripts/services/jest-services.sh runs both).
 */
function kafkaSuites() {
  const found = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(integration|services)-spec\.ts$/.test(entry.name) && readFileSync(path, 'utf8').includes('TEST_KAFKA_BROKERS')) found.push(path);
    }
  };
  for (const root of ['apps', 'libs']) walk(root);
  return found.sort();
}
const KAFKA_SUITES = kafkaSuites();

export default {
  // Integration suites start servers and databases; the limit is generous, never a speed check.
  testTimeout: 120_000,
  projects: [
    { ...common, displayName: 'unit', testMatch: ['**/src/**/*.spec.ts', '**/src/**/*.spec.tsx'] },
    { ...common, displayName: 'integration', testMatch: ['**/src/**/*.integration-spec.ts'] },
    // The embedded stores' share of the README's test run (`npm test`): every integration suite runs there once on
    // the real servers (the services project below, as production's distributed mode), and these again on the
    // embedded stores (PGlite, in-memory cache) — the store-level suites of the libraries and services, and the
    // product's own first start, demo content and hardening on them. The end-to-end run drives the whole product
    // on the embedded stores too. `npm run test:integration` still runs every suite on the embedded stores.
    { ...common, displayName: 'embedded', testMatch: EMBEDDED_STORE_SUITES },
    // The same integration suites against real servers (scripts/services/ sets TEST_DATABASE_URL): those using Kafka in
    // `services-kafka`, one at a time; the others in `services`, in parallel workers (KAFKA_SUITES above).
    { ...common, displayName: 'services', testMatch: ['**/src/**/*.integration-spec.ts', '**/src/**/*.services-spec.ts'], testPathIgnorePatterns: ['/node_modules/', ...KAFKA_SUITES.map((path) => `/${path.replaceAll('.', '\\.')}$`)] },
    { ...common, displayName: 'services-kafka', testMatch: KAFKA_SUITES.map((path) => `<rootDir>/${path}`) },
  ],
};
