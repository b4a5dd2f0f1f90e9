import { defer, of } from 'rxjs';
import { bumpStamps, MemoryCache, stampKeys } from '@bi/cache';
import type { dashboardV1, dataSourceQueryV1 } from '@bi/proto';
import type { AppConfig } from '@bi/config';
import { TokenCache } from '../http/token-cache.js';
import type { AuthUser } from '../http/auth.guard.js';
import type { TemplateVisibility } from '../template/template-visibility.js';
import { ChartAnswers } from './answer-cache.js';

// The kept chart records and source descriptions of ChartAnswers: the charts of a dashboard that run
// together read their source's description once, and again after the source changed.
describe('ChartAnswers: chart records and source descriptions', () => {
  const admin: AuthUser = { userId: 'u1', userName: 'admin', isAdmin: true, permissions: ['*'], token: 't1' };
  const charts = Array.from({ length: 20 }, (_, i) => `c${i}`);
  function setup() {
    const shared = new MemoryCache();
    let describes = 0;
    let version = 1;
    const dashboards = { getChart: ({ chartId }: { chartId: string }) => of({ chartId, dataSourceId: 's1', chartJson: '{}', dashboardId: 'd1' } as dashboardV1.ChartRecord) };
    const queries = {
      // each read answers the source as it is when the read is made
      describe: () =>
        defer(async () => {
          describes += 1;
          await new Promise((r) => setImmediate(r));
          return { dataSourceId: 's1', name: `v${version}`, createdById: 'u1', cacheInterval: 0, fields: [] } as unknown as dataSourceQueryV1.SourceDescription;
        }),
    };
    const config = { charts: { defaultCacheSeconds: 60 } } as AppConfig;
    const answers = new ChartAnswers(shared, new TokenCache(shared), dashboards as never, queries as never, config, {} as TemplateVisibility);
    return { answers, shared, describes: () => describes, change: () => (version += 1) };
  }

  it('reads the source once for the charts that ask together, again after its stamp changed', async () => {
    const { answers, shared, describes, change } = setup();
    const first = await Promise.all(charts.map((c) => answers.chartWithSource(admin, 'dashboard', c)));
    expect(describes()).toBe(1);
    expect(new Set(first.map((r) => r.source?.name))).toEqual(new Set(['v1']));
    // kept: no read while the stamp is the same
    await Promise.all(charts.map((c) => answers.chartWithSource(admin, 'dashboard', c)));
    expect(describes()).toBe(1);
    // the source changed (its service renews the stamp after the commit): every chart sees the new one, read once
    change();
    await bumpStamps(shared, [stampKeys.source('s1')]);
    const after = await Promise.all(charts.map((c) => answers.chartWithSource(admin, 'dashboard', c)));
    expect(describes()).toBe(2);
    expect(new Set(after.map((r) => r.source?.name))).toEqual(new Set(['v2']));
    expect(new Set(after.map((r) => r.stamps?.source)).size).toBe(1);
  });
});
