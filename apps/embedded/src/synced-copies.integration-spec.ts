import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jest } from '@jest/globals';
import { cartesianPairs } from '@bi/charts';
import { AppError } from '@bi/core';
import { CONNECTORS, SyncService, type Connector, type SyncContext } from '@bi/data-source';
import { TOPICS, waitFor } from '@bi/messaging';
import { eventsV1 } from '@bi/proto';
import { restCalls, startTestStack, type TestStack } from './testing.js';

// Synced copies (issue 29, docs/adr/0012-synced-copies.md) through the BFF: "refresh now" of a
// synced source runs its kind's connector (here a connector of this spec standing in for the
// uploads' entry of connectors/index.ts) into the copy in the analytics store in one transaction,
// writes history and DataChanged (a chart's answer changes); a connector failing midway keeps the
// previous copy and the failure is shown; who may not edit the source may not refresh it.

const dir = mkdtempSync(join(tmpdir(), 'bi-sync-'));
const MAX_ROWS = 50;

type Row = [string, number];

/** A connector of the spec: the rows in pages of two; `failAfter` pages, then it throws (an origin that breaks off). */
function origin(rows: Row[], failAfter?: number, seen?: (ctx: SyncContext) => void) {
  return {
    sync(ctx: SyncContext) {
      seen?.(ctx);
      const connector: Connector = {
        kind: 'spec',
        fields: [
          { name: 'region', type: 'string' },
          { name: 'qty', type: 'number' },
        ],
        async *rows() {
          for (let i = 0, page = 0; i < rows.length; i += 2, page++) {
            if (failAfter !== undefined && page === failAfter) throw new Error('origin broke off: password=hunter2');
            yield rows.slice(i, i + 2);
          }
        },
        tooManyRows: (max: number) => new AppError('invalid', 'excel.too_many_rows', { sheet: 'spec', max }),
      };
      return { connector, mode: 'replace' as const };
    },
  };
}

describe('synced copies: refresh now through the BFF', () => {
  let stack: TestStack;
  let admin: string;
  let viewer: string;
  let analyst: string;
  let sourceId: string;
  let chartId: string;
  let folderId: string;
  const events: eventsV1.DataChanged[] = [];

  beforeAll(async () => {
    stack = await startTestStack({ BI_DATA_DIR: mkdtempSync(join(tmpdir(), 'bi-sync-data-')), BI_UPLOAD_MAX_ROWS: String(MAX_ROWS) });
    await stack.runtime.bus.subscribe(TOPICS.dataChanged, 'synced-copies-test', async (m) => {
      events.push(eventsV1.DataChanged.decode(m.value));
    });
    admin = await stack.login('admin');
    viewer = await stack.login('viewer');
    analyst = await stack.login('analyst');
    // a synced source: an upload (its kind's connector is 'sheet')
    const folder = (await ok('POST', '/api/data_source/proj', { name: 'Synced' })).projectId;
    folderId = folder;
    const imported = await uploadSource(admin, 'orders');
    sourceId = imported.dataSource.dataSourceId;
    const project = (await ok('POST', '/api/dashboard/project/dashboard', { name: 'Synced folder' })).projectId;
    const board = (await ok('POST', '/api/dashboard/dashboard', { name: 'Synced board', projectId: project })).dashboardId;
    chartId = await ok('POST', `/api/chart-edit/dashboard/${board}`, { title: 'by region', dataSourceId: sourceId, type: 'bar' });
    const field = (name: string, dataType: string) => ({ name, title: name, dataType });
    await ok('PUT', '/api/chart-edit/dashboard', { chartId, title: 'by region', type: 'bar', dataSourceId: sourceId, points: [field('region', 'string')], values: [field('qty', 'number')] });
  });
  afterAll(async () => stack?.stop());
  afterEach(() => jest.restoreAllMocks());

  const { call, ok } = restCalls(() => stack, () => admin);
  /** An uploaded source (region, qty) made by the holder of `token`. */
  async function uploadSource(token: string, name: string) {
    const path = join(dir, `${name}.csv`);
    writeFileSync(path, 'region,qty\nEast,1\nWest,2\nEast,3\n');
    const form = new FormData();
    form.append('file', new Blob([await import('node:fs/promises').then((f) => f.readFile(path))]), `${name}.csv`);
    const up = await (await fetch(`${stack.url}/api/excel_upload/upload/create`, { method: 'POST', body: form, headers: { authorization: token, currentLanguage: 'en' } })).json();
    if (up.status !== 'success') throw new Error(`upload: ${JSON.stringify(up)}`);
    return ok(
      'POST',
      '/api/excel_upload/import/create',
      { uploadId: up.data.uploadId, sheet: up.data.sheets[0].name, projectId: folderId, tableName: name, columns: [{ name: 'region', type: 'string' }, { name: 'qty', type: 'number' }] },
      token,
    );
  }
  const sums = async () => new Map(cartesianPairs((await ok('POST', `/api/dashboard/chart/dashboard/${chartId}`, {})).option));
  const status = async () => ok('GET', `/api/data_source/sync/${sourceId}`);
  const history = async () => (await ok('GET', `/api/data_source/data_history/${sourceId}`)) as { updateLog: string; userName: string }[];
  /** Refresh now, then the run once it has finished (the status read until it is no longer running). */
  async function refreshed(): Promise<any> {
    const started = await ok('POST', `/api/data_source/sync/${sourceId}`);
    expect(['running', 'succeeded', 'failed']).toContain(started.state);
    expect(started).toMatchObject({ trigger: 'manual', requestedBy: 'admin', runAs: 'admin' });
    let last: any;
    await waitFor(async () => !['queued', 'running'].includes((last = (await status()).runs[0]).state), 60_000, 'the sync to finish');
    return last;
  }

  it('an upload has no origin to read again: its status says so and refresh now is refused', async () => {
    const st = await status();
    expect(st).toMatchObject({ syncable: false, runs: [] });
    const r = await call('POST', `/api/data_source/sync/${sourceId}`);
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ status: 'fail', data: 'This source has no origin to sync from (uploaded data is refreshed by uploading a file)' });
  });

  it('replaces the copy in one sync: rows, history, DataChanged, the chart answer changes; run as the source’s creator', async () => {
    expect(await sums()).toEqual(new Map([['East', 4], ['West', 2]]));
    const contexts: SyncContext[] = [];
    jest.replaceProperty(CONNECTORS, 'sheet', origin([['East', 10], ['North', 5], ['North', 7]], undefined, (c) => contexts.push(c)));
    const before = events.length;
    const run = await refreshed();
    expect(run).toMatchObject({ state: 'succeeded', mode: 'replace', rows: 3, error: null, trigger: 'manual' });
    expect(run.startedAt <= run.finishedAt).toBe(true);
    expect(contexts.map((c) => c.runAs.userName)).toEqual(['admin']);
    expect((await status()).syncable).toBe(true);
    const mine = () => events.slice(before).filter((e) => e.aggregateId === sourceId);
    await waitFor(() => mine().length > 0, 30_000, 'DataChanged of the sync');
    expect(mine().map((e) => [e.payload?.changeKind, Number(e.payload?.rowCount)])).toEqual([['replace', 3]]);
    expect((await history())[0].updateLog).toMatch(/^Synced: 3 rows in [\d.]+ s$/);
    await waitFor(async () => (await sums()).get('North') === 12, 30_000, 'the chart answer after the sync');
    expect(await sums()).toEqual(new Map([['East', 10], ['North', 12]]));
  });

  it('a connector failing midway keeps the previous copy, records the failure and shows it without the origin’s text', async () => {
    jest.replaceProperty(CONNECTORS, 'sheet', origin([['South', 100], ['South', 100], ['South', 100]], 1));
    const before = events.length;
    const run = await refreshed();
    expect(run).toMatchObject({ state: 'failed', error: 'The sync failed; the previous copy is kept' });
    expect(JSON.stringify(await status())).not.toContain('hunter2');
    expect((await history())[0].updateLog).toMatch(/^Sync failed after [\d.]+ s; the previous copy is kept$/);
    expect(events.slice(before).filter((e) => e.aggregateId === sourceId)).toEqual([]);
    expect(await sums()).toEqual(new Map([['East', 10], ['North', 12]]));
    // shown in the caller's language
    const zh = await call('GET', `/api/data_source/sync/${sourceId}`, undefined, admin, 'zh-CN');
    expect(zh.body.data.runs[0].error).toBe('同步失败，已保留原有数据');
  });

  it('more rows than BI_UPLOAD_MAX_ROWS fail the sync with the connector’s message; the copy stays', async () => {
    jest.replaceProperty(CONNECTORS, 'sheet', origin(Array.from({ length: MAX_ROWS + 2 }, (_, i): Row => ['West', i])));
    const run = await refreshed();
    expect(run.state).toBe('failed');
    expect(run.error).toContain(String(MAX_ROWS));
    expect(await sums()).toEqual(new Map([['East', 10], ['North', 12]]));
  });

  it('a connector whose columns no longer match the fields fails without touching the copy', async () => {
    const entry = origin([['East', 1]]);
    jest.replaceProperty(CONNECTORS, 'sheet', {
      sync: (ctx: SyncContext) => {
        const plan = entry.sync(ctx);
        return { ...plan, connector: { ...plan.connector, fields: [{ name: 'area', type: 'string' as const }, plan.connector.fields[1]!] } };
      },
    });
    const run = await refreshed();
    expect(run).toMatchObject({ state: 'failed' });
    expect(run.error).toContain('area');
    expect(await sums()).toEqual(new Map([['East', 10], ['North', 12]]));
  });

  it('refresh now is refused to a caller who may not edit the source; the status to one who may not read it', async () => {
    jest.replaceProperty(CONNECTORS, 'sheet', origin([['East', 1]]));
    expect((await call('POST', `/api/data_source/sync/${sourceId}`, undefined, viewer)).status).toBe(403);
    expect((await call('POST', `/api/data_source/sync/${sourceId}`, undefined, analyst)).status).toBe(403);
    expect((await call('GET', `/api/data_source/sync/${sourceId}`, undefined, analyst)).status).toBe(403);
    expect((await status()).runs[0].state).toBe('failed');
  });

  it('the sync job claims a source whose copy is older than its cacheInterval once per window, run as its creator', async () => {
    const syncs = stack.provider('data-source', SyncService);
    const contexts: SyncContext[] = [];
    jest.replaceProperty(CONNECTORS, 'sheet', origin([['East', 1], ['West', 2]], undefined, (c) => contexts.push(c)));
    const minute = 60_000;
    // cacheInterval 0 (the default): refreshed on demand only
    expect(await syncs.syncDue(new Date(Date.now() + 7 * 24 * 60 * minute))).toBe(0);
    await ok('PUT', '/api/data_source/update', { dataSourceId: sourceId, cacheInterval: 5 });
    // the copy was made just now: not due yet
    expect(await syncs.syncDue(new Date())).toBe(0);
    // 6 minutes on: due; two rounds at once (two replicas' rounds) sync it once
    const later = new Date(Date.now() + 6 * minute);
    const ran = await Promise.all([syncs.syncDue(later), syncs.syncDue(later)]);
    expect(ran.sort()).toEqual([0, 1]);
    expect(contexts.map((c) => [c.runAs.userName, c.source.id])).toEqual([['admin', sourceId]]);
    expect((await status()).runs[0]).toMatchObject({ state: 'succeeded', trigger: 'schedule', rows: 2, runAs: 'admin', requestedBy: 'admin' });
    await waitFor(async () => (await sums()).get('West') === 2, 30_000, 'the chart answer after the scheduled sync');
    expect(await sums()).toEqual(new Map([['East', 1], ['West', 2]]));
    // the same window again: nothing to do; a failure in the next window is not retried within it
    expect(await syncs.syncDue(later)).toBe(0);
    jest.replaceProperty(CONNECTORS, 'sheet', origin([['East', 9], ['East', 9], ['East', 9]], 1));
    const next = new Date(later.getTime() + 6 * minute);
    expect(await syncs.syncDue(next)).toBe(1);
    expect((await status()).runs[0]).toMatchObject({ state: 'failed', trigger: 'schedule' });
    expect(await syncs.syncDue(next)).toBe(0);
    expect(await sums()).toEqual(new Map([['East', 1], ['West', 2]]));
    await ok('PUT', '/api/data_source/update', { dataSourceId: sourceId, cacheInterval: 0 });
  });

  it('runs as the source’s creator with their grants now: a disabled creator pauses the syncs, the copy stays', async () => {
    const user = await ok('POST', '/api/identity/admin/users', { userName: 'sync-owner', password: 'sync-owner-pass-1', roleIds: ['analyst'] });
    await ok('POST', '/api/identity/password', { oldPassword: 'sync-owner-pass-1', newPassword: 'sync-owner-pass-2' }, await stack.login('sync-owner', 'sync-owner-pass-1'));
    const owner = await stack.login('sync-owner', 'sync-owner-pass-2');
    const theirs = (await uploadSource(owner, 'owned')).dataSource.dataSourceId as string;
    const contexts: SyncContext[] = [];
    jest.replaceProperty(CONNECTORS, 'sheet', origin([['East', 5]], undefined, (c) => contexts.push(c)));
    const first = await ok('POST', `/api/data_source/sync/${theirs}`);
    expect(first).toMatchObject({ runAs: 'sync-owner', requestedBy: 'admin' });
    await waitFor(async () => (await ok('GET', `/api/data_source/sync/${theirs}`)).runs[0].state === 'succeeded', 60_000, 'the owner’s sync');
    expect(contexts.map((c) => [c.runAs.userName, c.runAs.principal.isAdmin, c.runAs.principal.permissions.includes('datasource:edit')])).toEqual([['sync-owner', false, true]]);
    await ok('PUT', `/api/identity/admin/users/${user.id}/disabled`, { disabled: true });
    await ok('POST', `/api/data_source/sync/${theirs}`);
    let last: any;
    await waitFor(async () => ['failed'].includes((last = (await ok('GET', `/api/data_source/sync/${theirs}`)).runs[0]).state), 60_000, 'the paused sync');
    expect(last.error).toBe("The source's creator sync-owner no longer exists or is disabled: syncs are paused and the previous copy is kept");
    expect(contexts).toHaveLength(1);
    expect((await ok('GET', `/api/data_source/topds/${theirs}/10`)).rows.map((r: { qty: number }) => r.qty)).toEqual([5]);
  });
});
