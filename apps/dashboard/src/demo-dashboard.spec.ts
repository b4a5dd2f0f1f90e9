import { CHART_TYPES } from '@bi/chart-model';
import { buildChartQuery, buildPlotLineQuery, buildTotalsQuery, compile } from '@bi/query';
import { checkAgainstSource, parseChart } from './chart-schema.js';
import { demoCharts } from './demo-dashboard.js';

/** The demo source's fields as the upload creates them (apps/data-source/src/uploads/demo.ts), with its key column. */
const DEMO_FIELDS = [
  { name: 'key_id', dataType: 'number' as const },
  { name: '订单日期', dataType: 'date' as const },
  ...['地区', '城市', '类别', '产品', '渠道'].map((name) => ({ name, dataType: 'string' as const })),
  ...['数量', '单价', '金额', '利润'].map((name) => ({ name, dataType: 'number' as const })),
];

describe('the demo dashboard', () => {
  it('has one chart of each kind, each valid for the editor and compiling over the demo source', () => {
    const charts = demoCharts('ds-demo');
    expect(charts.map((c) => c.type).sort()).toEqual([...CHART_TYPES].sort());
    for (const c of charts) {
      const chart = checkAgainstSource(parseChart(JSON.stringify(c)), DEMO_FIELDS);
      const source = { kind: 'sql' as const, sql: 'SELECT * FROM "demo" WHERE NOT "deleted"' };
      expect(compile(buildChartQuery(chart, source, DEMO_FIELDS), 'duckdb').sql).toMatch(/^SELECT /);
      const totals = buildTotalsQuery(chart, source, DEMO_FIELDS);
      if (totals) compile(totals, 'postgres');
      const lines = buildPlotLineQuery(chart, source, DEMO_FIELDS);
      if (lines.query) compile(lines.query, 'mysql');
    }
  });
});
