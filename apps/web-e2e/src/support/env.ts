/**
 * Settings shared by the Playwright config (which starts the product) and the specs
 * (which sign in). Each can be overridden through the environment.
 */
function intFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0 || value > 65535) {
    throw new Error(`${name} must be a port number, got "${raw}"`);
  }
  return value;
}

/** HTTP port of the product under test. */
export const E2E_PORT = intFromEnv('E2E_PORT', 18181);

/** First of the 7 internal gRPC ports (BASE..BASE+6) of the product under test. */
export const E2E_GRPC_BASE_PORT = intFromEnv('E2E_GRPC_BASE_PORT', 26051);

export const E2E_HOST = '127.0.0.1';

/** The port the HTTP API source spec serves its API on: the one port of this machine the product may call (BI_OUTBOUND_ALLOW). */
export const E2E_API_PORT = intFromEnv('E2E_API_PORT', E2E_PORT + 1);

/** The port the ERP report spec starts the reference provider on (opened likewise). */
export const E2E_ERP_PORT = intFromEnv('E2E_ERP_PORT', E2E_PORT + 2);

/** The port the subscription spec's SMTP sink listens on (BI_SMTP_PORT of the product under test). */
export const E2E_SMTP_PORT = intFromEnv('E2E_SMTP_PORT', E2E_PORT + 3);

export const BASE_URL = `http://${E2E_HOST}:${E2E_PORT}`;

/** Password of the seeded users admin, analyst and viewer (BI_ADMIN_PASSWORD, min 8 chars). */
export const E2E_PASSWORD = process.env.E2E_ADMIN_PASSWORD || 'e2e-Passw0rd';

/** The seeded users and what their roles allow in the header. */
export const USERS = {
  admin: 'admin',
  analyst: 'analyst',
  viewer: 'viewer',
} as const;

export type SeededUser = keyof typeof USERS;
