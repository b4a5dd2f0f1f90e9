/**
 * Indicator imports (types 1 and 5, spec 02 §8): the values of one or more targets read over the report
 * provider protocol (POST /indicators/values, docs/providers.md) for the import's date settings, one row
 * per target and period: target, target_name, root_text, period, date (the period's first day), value,
 * and with a comparison compare_value and rate. Every request goes through the outbound policy (the
 * client of erp-report.connector.ts providerClient).
 */
import { AppError } from '@bi/core';
import { addDays, periodOf, type IndicatorSeries, type IndicatorValuesRequest, type PeriodDimension, type CompareMode, type ProviderClient } from '@bi/provider-protocol';
import { NaiveDate } from '../uploads/cells.js';
import type { StoreValue } from '../uploads/store-writer.js';
import type { Connector, ConnectorField, ConnectorRead } from './connector.js';
import { callProvider } from './erp-report.connector.js';

/** The date settings of an import (spec 02 §8), as stored with the source. */
export interface IndicatorSettings {
  /** 0 a single date, 1 a range */
  period: 0 | 1;
  /** 0 the appointed range beginDate…endDate, 1 the recent periodNumber periods up to endDate */
  dynamicPara: 0 | 1;
  beginDate: string | null;
  /** null: today when the source is read */
  endDate: string | null;
  periodDimension: PeriodDimension;
  compare: CompareMode;
  periodNumber: number;
}

/** The provider request of the settings on `today` (yyyy-MM-dd); throws the user's message on settings that do not fit. */
export function indicatorRequest(targets: string[], s: IndicatorSettings, today: string): IndicatorValuesRequest {
  if (s.compare !== 0 && (s.period === 0 || s.periodDimension === 1)) throw new AppError('invalid', 'indicator.compare_invalid');
  const end = s.endDate || today;
  if (s.period === 0) return { targets, date: end, periodDimension: s.periodDimension, compare: 0 };
  let from: string;
  if (s.dynamicPara === 1 || !s.beginDate) {
    // the recent periodNumber periods: step back from the period holding the end date
    let p = periodOf(end, s.periodDimension);
    for (let i = 1; i < Math.max(1, s.periodNumber); i++) p = periodOf(addDays(p.start, -1), s.periodDimension);
    from = p.start;
  } else {
    from = s.beginDate;
  }
  if (from > end) throw new AppError('invalid', 'indicator.date_invalid');
  return { targets, from, to: end, periodDimension: s.periodDimension, compare: s.compare };
}

/** The text a connection string shows (spec 02 §9: a single date gives date and dimension; a range begin, end, dimension and compare; yyyyMMdd). */
export function indicatorConnection(dataType: number, req: IndicatorValuesRequest): string {
  const d = (v: string) => v.replace(/-/g, '');
  return req.date !== undefined
    ? `indicator://${dataType}/${d(req.date)}/${req.periodDimension}`
    : `indicator://${dataType}/${d(req.from!)}/${d(req.to!)}/${req.periodDimension}/${req.compare}`;
}

export type OkSeries = Extract<IndicatorSeries, { ok: true }>;

/** The values of targets: the series the provider answered, in the order asked (a failed target carries its error). */
export async function fetchSeries(client: ProviderClient, req: IndicatorValuesRequest): Promise<Map<string, IndicatorSeries>> {
  const answer = await callProvider(() => client.indicatorValues(req));
  const byTarget = new Map<string, IndicatorSeries>();
  for (const s of answer.series) if (req.targets.includes(s.target)) byTarget.set(s.target, s);
  return byTarget;
}

/** The connector of an indicator source: its targets' series, already read, as rows. */
export class IndicatorConnector implements Connector {
  readonly kind = 'indicator';
  readonly fields: readonly ConnectorField[];
  readonly titles: Readonly<Record<string, string>>;

  constructor(
    private readonly series: readonly OkSeries[],
    private readonly compare: CompareMode,
  ) {
    const base: ConnectorField[] = [
      { name: 'target', type: 'string' },
      { name: 'target_name', type: 'string' },
      { name: 'root_text', type: 'string' },
      { name: 'period', type: 'string' },
      { name: 'date', type: 'date' },
      { name: 'value', type: 'number' },
    ];
    this.fields = compare === 0 ? base : [...base, { name: 'compare_value', type: 'number' }, { name: 'rate', type: 'number' }];
    const titles: Record<string, string> = { target: '指标编码', target_name: '指标', root_text: '指标体系', period: '期间', date: '日期', value: '值' };
    if (compare !== 0) Object.assign(titles, { compare_value: compare === 1 ? '同期值' : '上期值', rate: compare === 1 ? '同比' : '环比' });
    this.titles = titles;
  }

  /** Reads the targets' values: every target must answer (a stored source's refresh keeps its copy otherwise). */
  static async open(client: ProviderClient, req: IndicatorValuesRequest): Promise<IndicatorConnector> {
    const byTarget = await fetchSeries(client, req);
    const series = req.targets.map((t) => {
      const s = byTarget.get(t);
      if (!s || !s.ok) throw new AppError('invalid', 'indicator.target_failed');
      return s;
    });
    return new IndicatorConnector(series, req.compare);
  }

  rowCount(): number {
    return this.series.reduce((n, s) => n + s.points.length, 0);
  }

  async *rows(read: ConnectorRead): AsyncIterable<StoreValue[][]> {
    if (this.rowCount() > read.maxRows) throw this.tooManyRows(read.maxRows);
    for (const s of this.series) {
      yield s.points.map((p) => {
        const row: StoreValue[] = [s.target, s.text, s.rootText, p.period, new NaiveDate(Date.parse(`${p.start}T00:00:00Z`), false), p.value];
        if (this.compare !== 0) row.push(p.compareValue ?? null, p.rate ?? null);
        return row;
      });
    }
  }

  tooManyRows(max: number): Error {
    return new AppError('invalid', 'e10.too_many_rows', { max });
  }
}
