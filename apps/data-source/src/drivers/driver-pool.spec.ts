import type { ConnectionSpec, SourceDriver } from './driver.js';
import { DriverPool, connectionHash } from './driver-pool.js';

const spec = (over: Partial<ConnectionSpec> = {}): ConnectionSpec => ({
  engine: 'mysql', host: 'db', port: 3306, user: 'root', password: 'pw', database: 'sales', serviceName: '', connectType: 'Basic', role: 'Default', ...over,
});

function fakes() {
  const made: { spec: ConnectionSpec; closed: boolean }[] = [];
  const create = (s: ConnectionSpec): SourceDriver => {
    const entry = { spec: s, closed: false };
    made.push(entry);
    return {
      engine: s.engine,
      dialect: 'mysql',
      listTables: async () => [],
      run: async () => ({ columns: [], rows: [] }),
      close: async () => {
        entry.closed = true;
      },
    };
  };
  return { made, create };
}

describe('DriverPool', () => {
  it('keys pools by a hash of the whole connection, password included, never the password itself', () => {
    expect(connectionHash(spec())).toMatch(/^[0-9a-f]{64}$/);
    expect(connectionHash(spec())).toBe(connectionHash(spec({ host: 'DB' })));
    expect(connectionHash(spec())).not.toBe(connectionHash(spec({ password: 'other' })));
    expect(connectionHash(spec())).not.toContain('pw');
  });

  it('shares one driver per connection, closes it on release, when idle, and on shutdown', async () => {
    const { made, create } = fakes();
    const pool = new DriverPool(1000, create);
    await pool.use(spec(), async () => undefined);
    await pool.use(spec(), async () => undefined);
    await pool.use(spec({ database: 'other' }), async () => undefined);
    expect(made).toHaveLength(2);
    await pool.close(spec());
    expect(made[0].closed).toBe(true);
    expect(pool.size).toBe(1);
    // idle for longer than idleMs, and not in use
    await pool.closeIdle(Date.now() + 5000);
    expect(made[1].closed).toBe(true);
    expect(pool.size).toBe(0);
    // a driver in use is not closed as idle
    let release!: () => void;
    const busy = pool.use(spec(), () => new Promise<void>((r) => (release = r)));
    await pool.closeIdle(Date.now() + 5000);
    expect(made[2].closed).toBe(false);
    release();
    await busy;
    await pool.closeAll();
    expect(made[2].closed).toBe(true);
  });
});
