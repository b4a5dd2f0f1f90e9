import { MemoryCache, bumpStamps, stampKeys, type Cache } from '@bi/cache';
import type { ConnectionSpec } from '../drivers/driver.js';
import { KeptConnections } from './kept-connections.js';

const ID = '0b0f4f3e-8f7a-4c8e-9f44-2a1f0b9d7c11';
const spec = (host: string): ConnectionSpec => ({ engine: 'postgres', host, port: 5432, user: 'u', password: 'p', database: 'd', serviceName: '', connectType: 'Basic', role: 'Default' });

describe('KeptConnections: a source connection is read again only after its stamp changed', () => {
  it('reads the row once while the stamp stays, again after the source changed (its stamp renewed)', async () => {
    const cache = new MemoryCache();
    const kept = new KeptConnections(cache);
    let reads = 0;
    let host = 'db1';
    const read = async () => (reads++, spec(host));
    expect((await kept.of(ID, read)).host).toBe('db1');
    expect((await kept.of(ID, read)).host).toBe('db1');
    expect(reads).toBe(1);
    // an update (or delete) of the source writes a new stamp after its commit
    host = 'db2';
    await bumpStamps(cache, [stampKeys.source(ID)]);
    expect((await kept.of(ID, read)).host).toBe('db2');
    expect(reads).toBe(2);
  });

  it('reads the row once for runs that start together before anything is kept', async () => {
    const cache = new MemoryCache();
    // the source's stamp as any change of it since the cache started wrote it
    await bumpStamps(cache, [stampKeys.source(ID)]);
    const kept = new KeptConnections(cache);
    let reads = 0;
    let release!: () => void;
    const opened = new Promise<void>((r) => (release = r));
    const read = async () => {
      reads++;
      await opened;
      return spec('db1');
    };
    const runs = [kept.of(ID, read), kept.of(ID, read), kept.of(ID, read)];
    // every run has noted the stamp and is waiting on the one read
    await new Promise((r) => setImmediate(r));
    release();
    expect((await Promise.all(runs)).map((s) => s.host)).toEqual(['db1', 'db1', 'db1']);
    expect(reads).toBe(1);
  });

  it('keeps nothing when the row cannot be read (a deleted source stays not found)', async () => {
    const kept = new KeptConnections(new MemoryCache());
    let reads = 0;
    const gone = async (): Promise<ConnectionSpec> => {
      reads++;
      throw new Error('not found');
    };
    await expect(kept.of(ID, gone)).rejects.toThrow('not found');
    await expect(kept.of(ID, gone)).rejects.toThrow('not found');
    expect(reads).toBe(2);
  });

  it('reads the row every time while the shared cache fails', async () => {
    const failing = { getMany: () => Promise.reject(new Error('down')), set: () => Promise.reject(new Error('down')) } as unknown as Cache;
    const kept = new KeptConnections(failing);
    let reads = 0;
    const read = async () => (reads++, spec('db1'));
    await kept.of(ID, read);
    await kept.of(ID, read);
    expect(reads).toBe(2);
  });
});
