import { describe, expect, it } from '@jest/globals';
import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { STAGED_TTL_MS, sweepStaged } from './store-writer.js';

describe('sweepStaged', () => {
  it('removes only the staged load files older than the limit, nothing else', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'bi-sweep-'));
    try {
      const id = '6f1c2a52-1111-4e8e-9d1c-000000000001';
      const old = [`.bi-load-${id}.csv`, `.bi-api-${id}.json`];
      const fresh = `.bi-api-${id.replace(/1$/, '2')}.json`;
      const others = ['analytics.duckdb', `.bi-api-${id}.txt`, 'notes.json'];
      for (const name of [...old, fresh, ...others]) await writeFile(join(dir, name), 'x');
      const past = (Date.now() - STAGED_TTL_MS - 60_000) / 1000;
      for (const name of [...old, ...others]) await utimes(join(dir, name), past, past);
      expect(await sweepStaged(dir)).toBe(2);
      expect((await readdir(dir)).sort()).toEqual([fresh, ...others].sort());
      expect(await sweepStaged(join(dir, 'missing'))).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
