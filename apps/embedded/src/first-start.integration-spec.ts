import { jest } from '@jest/globals';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@bi/config';
import { freePortBlock, Logger } from '@bi/core';
import { startEmbeddedHost } from './host.js';

// The real embedded stores on disk: first start seeds, a restart keeps everything.
describe('embedded host on a PGlite data directory', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'bi-first-start-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  let grpcBase = 0;
  beforeAll(async () => {
    grpcBase = await freePortBlock(10);
  });

  const config = () => ({ ...loadConfig({ BI_DATA_DIR: dataDir, BI_GRPC_BASE_PORT: String(grpcBase), BI_DEMO: 'false' }), port: 0 });
  const quiet = () => new Logger('bi', 'error', { write: () => undefined });
  const login = async (url: string, password: string) => {
    const r = await fetch(`${url}/api/identity/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName: 'admin', password }) });
    return (await r.json()).data.token;
  };

  it('generates, saves and prints the initial password once, and a restart keeps users and sessions', async () => {
    const printed: string[] = [];
    const log = jest.spyOn(console, 'log').mockImplementation((line?: unknown) => void printed.push(String(line)));
    let host = await startEmbeddedHost(config(), quiet());
    const file = join(dataDir, 'initial-admin-password');
    const password = readFileSync(file, 'utf8').trim();
    expect(password.length).toBeGreaterThanOrEqual(16);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(printed.join('\n')).toContain(password);
    const first = await login(host.url, password);
    expect(first.code).toBe(200);
    await host.stop();

    printed.length = 0;
    host = await startEmbeddedHost(config(), quiet());
    try {
      expect(printed.join('\n')).not.toContain('Initial password');
      expect(readFileSync(file, 'utf8').trim()).toBe(password);
      expect((await login(host.url, password)).code).toBe(200);
      // the token issued before the restart is still valid (same secret, session kept)
      const r = await fetch(`${host.url}/api/identity/get-shipment-modules-data/datasource`, { headers: { authorization: first.result.token } });
      expect(r.status).toBe(200);
      expect(existsSync(join(dataDir, 'metadata'))).toBe(true);
    } finally {
      await host.stop();
      log.mockRestore();
    }
  });
});
