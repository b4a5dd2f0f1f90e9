import { chartOf, column, tableResult } from '../testing/fixtures.js';
import { periodLabel } from '../periods.js';
import { build, type Loose } from '../testing/helpers.js';
import { contrastRatio, STATISTIC_COLORS, THEME_NAMES } from '../themes.js';

describe('table', () => {
  it('returns columns (aliases as titles) and the first page of rows instead of series', () => {
    const { o, meta } = build(tableResult());
    expect(o.series).toBeUndefined();
    expect(o.table.columns.map((c: Loose) => [c.key, c.title, c.role, c.align])).toEqual([
      ['product', 'Product', 'dimension', 'left'],
      ['qty', 'Quantity', 'measure', 'right'],
      ['amount', 'Amount', 'measure', 'right'],
    ]);
    expect(o.table.page).toEqual({ index: 1, size: 20, total: 45 });
    expect(o.table.rows).toHaveLength(20);
    expect(o.table.rows[0]).toEqual({ key: '0', cells: { product: 'P01', qty: '1', amount: '1.00万' }, values: { product: 'P01', qty: 1, amount: 10000 }, category: 'P01' });
    expect(o.table.maxHeight).toBe(320);
    expect(meta).toMatchObject({ pointCount: 20, originalPointCount: 45, downsampled: false });
  });

  it('pages rows by page index (1-based) and size', () => {
    const { o } = build({ ...tableResult(), page: { index: 3, size: 20, total: 45 } });
    expect(o.table.rows.map((r: Loose) => r.cells.product)).toEqual(['P41', 'P42', 'P43', 'P44', 'P45']);
    expect(o.table.rows[0].key).toBe('40');
  });

  it('takes rows that fit one page as that page (paged by the query)', () => {
    const r = { ...tableResult({}, 10), page: { index: 2, size: 10, total: 95 } };
    const { o, meta } = build(r);
    expect(o.table.rows).toHaveLength(10);
    expect(o.table.page).toEqual({ index: 2, size: 10, total: 95 });
    expect(meta.originalPointCount).toBe(95);
  });

  it('honours the page size and maximum height options', () => {
    const { o } = build(tableResult(), { tablePageSize: 50, tableMaxHeight: 480 });
    expect(o.table.rows).toHaveLength(45);
    expect(o.table.maxHeight).toBe(480);
  });

  it('adds statistics rows over all rows (totals from the query stand for the sum)', () => {
    const r = { ...tableResult({ aggregateConfig: { showSum: true, showAvg: true, showMax: true, showMin: true, showFontColor: '8E44AD' } }), totals: { qty: 1035, amount: 10350000 } };
    const { o } = build(r);
    expect(o.table.summary).toEqual([
      { key: 'sum', label: 'Sum', cells: { product: 'Sum', qty: '1,035', amount: '1,035.00万' } },
      { key: 'avg', label: 'Average', cells: { product: 'Average', qty: '23', amount: '23.00万' } },
      { key: 'max', label: 'Max', cells: { product: 'Max', qty: '45', amount: '45.00万' } },
      { key: 'min', label: 'Min', cells: { product: 'Min', qty: '1', amount: '1.00万' } },
    ]);
    expect(o.table.summaryColor).toBe('#8E44AD');
  });

  // issue 27: total rows almost invisible in the starry theme (its light text on the light cells of the app)
  it.each(THEME_NAMES)('draws in the %s theme: cells, header and statistics band in its colours, the totals readable', (theme) => {
    for (const pick of [undefined, ...STATISTIC_COLORS]) {
      const { o } = build(tableResult({ theme, aggregateConfig: { showSum: true, ...(pick ? { showFontColor: pick } : {}) } }));
      const { colors, summaryColor } = o.table;
      expect(contrastRatio(colors.text, colors.backgroundColor)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(colors.text, colors.header)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(summaryColor, colors.summaryBackground)).toBeGreaterThanOrEqual(3);
      expect(colors.backgroundColor).toBe(o.backgroundColor);
    }
  });

  // issue 27 item 10: month granularity read '2024-12-01' in a table but '2024-12' on a line chart's axis
  it.each([
    [3, 'zh-CN', ['2024-11', '2024-12']],
    [2, 'en', ['2024 Q4', '2024 Q4']],
    [4, 'zh-TW', ['2024年第44週', '2024年第48週']],
    [5, 'en', ['2024-11-01', '2024-12-01']],
  ] as const)('writes a date dimension by granularity %p as the category axis does (%s)', (granularity, locale, expected) => {
    const result = {
      chart: chartOf('table'),
      columns: [column('d', 'dimension', { title: 'Month', dataType: 'date', granularity }), column('v', 'measure', { title: 'Amount' })],
      rows: [{ d: '2024-11-01', v: 1 }, { d: '2024-12-01', v: 2 }],
    };
    const { o } = build(result, { locale });
    expect(o.table.rows.map((r: Loose) => r.cells.d)).toEqual(expected);
    // the same text a line chart's axis shows; the row keeps its key (detail drill, linkage)
    const period = ({ 2: 'quarter', 3: 'month', 4: 'week' } as const)[granularity as 2 | 3 | 4];
    expect(o.table.rows.map((r: Loose) => periodLabel(r.category, period ?? null, locale))).toEqual(expected);
    expect(o.table.rows.map((r: Loose) => r.category)).toEqual(['2024-11-01', '2024-12-01']);
  });

  it('limits statistics to aggregateField when it names a value field', () => {
    const { o } = build(tableResult({ aggregateConfig: { aggregateField: 'qty', showSum: true } }));
    expect(o.table.summary[0].cells).toEqual({ product: 'Sum', qty: '1,035' });
  });

  it('shows empty cells as "-"', () => {
    const r = tableResult({}, 1);
    r.rows[0] = { product: null, qty: null, amount: 5 };
    expect(build(r).o.table.rows[0].cells).toEqual({ product: '-', qty: '-', amount: '0.00万' });
  });

  it('names each row by its dimension values as a bar names its points (the key of detail drill and linkage)', () => {
    const columns = [column('region', 'dimension'), column('day', 'dimension', { dataType: 'date' }), column('amount', 'measure')];
    const rows = [
      { region: 'East', day: '2024-03-01', amount: 5 },
      { region: null, day: '2024-04-01', amount: 7 },
    ];
    const table = build({ chart: chartOf('table'), columns, rows }).o;
    const bar = build({ chart: chartOf('bar'), columns, rows }).o;
    expect(table.table.rows.map((r: Loose) => r.category)).toEqual(['East / 2024-03-01', '- / 2024-04-01']);
    expect(table.table.rows.map((r: Loose) => r.category)).toEqual([bar.xAxis].flat()[0].data.map((d: Loose) => d?.value ?? d));
    // no dimension: no point to name
    expect(build({ chart: chartOf('table'), columns: [column('amount', 'measure')], rows: [{ amount: 1 }] }).o.table.rows[0].category).toBeUndefined();
  });

  it('matches its snapshot', () => {
    expect(build(tableResult({ aggregateConfig: { showSum: true } }, 5)).o).toMatchSnapshot();
  });
});
