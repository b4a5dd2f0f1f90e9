import { defineConfig, devices } from '@playwright/test';
import { BASE_URL, E2E_API_PORT, E2E_ERP_PORT, E2E_GRPC_BASE_PORT, E2E_HOST, E2E_PASSWORD, E2E_PORT, E2E_SMTP_PORT } from './src/support/env';

/**
 * End-to-end tests of the web app against the whole product started in one process
 * (apps/embedded/dist/main.js, built by `npm run build`).
 *
 * Run from the repository root:  npm run test:e2e
 *   or                            npx playwright test --config apps/web-e2e/playwright.config.ts
 *
 * Environment: E2E_PORT (HTTP port, default 18181), E2E_GRPC_BASE_PORT (default 26051),
 * E2E_ADMIN_PASSWORD, CHROMIUM_PATH (default /usr/bin/chromium), CI (1 retry, no test.only),
 * E2E_SERVER_LOGS=1 (show the product's log), E2E_KEEP_DATA=1 (keep its data directory),
 * E2E_DEMO=1 (start with the demo content: folder "演示 Demo" and its dashboard of 13 charts).
 */
const isCI = Boolean(process.env.CI);

export default defineConfig({
  testDir: './src',
  testMatch: '**/*.e2e.ts',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  retries: isCI ? 1 : 0,
  forbidOnly: isCI,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { outputFolder: './playwright-report', open: 'never' }]],
  use: {
    baseURL: BASE_URL,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    testIdAttribute: 'data-testid',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
            '--disable-quic',
          ],
        },
      },
    },
  ],
  webServer: {
    command: 'node apps/web-e2e/scripts/start-server.mjs',
    cwd: '../..',
    url: `${BASE_URL}/api/health/ready`,
    timeout: 60_000,
    reuseExistingServer: false,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: process.env.E2E_SERVER_LOGS ? 'pipe' : 'ignore',
    stderr: 'pipe',
    env: {
      HOST: E2E_HOST,
      PORT: String(E2E_PORT),
      BI_ADMIN_PASSWORD: E2E_PASSWORD,
      BI_GRPC_BASE_PORT: String(E2E_GRPC_BASE_PORT),
      // E2E_DEMO=1: the demo content of a first start (the first-look spec then shoots the demo dashboard)
      BI_DEMO: process.env.E2E_DEMO === '1' ? 'true' : 'false',
      BI_LOG_LEVEL: 'warn',
      // the default modules, e10report (the ERP account manager of the data-source sidebar) and api (the HTTP API source)
      BI_MODULES: 'sql,mysql,oracle,excel,e10report,api',
      // the specs sign in dozens of times from one IP and type wrong passwords on purpose
      BI_LOGIN_MAX_ATTEMPTS_PER_IP: '10000',
      BI_LOGIN_MAX_FAILURES_PER_ACCOUNT: '1000',
      // the embedding spec's test page (another port of this machine) may frame the embed pages
      BI_EMBED_ORIGINS: `http://${E2E_HOST}:${E2E_PORT + 4}`,
      // the one port of this machine each spec serves on: the HTTP API source's API, the ERP report spec's reference provider
      BI_OUTBOUND_ALLOW: `127.0.0.1:${E2E_API_PORT} 127.0.0.1:${E2E_ERP_PORT}`,
      // report subscriptions: mail to the subscription spec's SMTP sink; outside addresses of e2e.test allowed
      BI_SMTP_HOST: E2E_HOST,
      BI_SMTP_PORT: String(E2E_SMTP_PORT),
      BI_REPORT_EMAIL_DOMAINS: 'e2e.test',
    },
  },
});
