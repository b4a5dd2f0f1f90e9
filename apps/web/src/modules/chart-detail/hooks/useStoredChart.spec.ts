import { describe, expect, it } from '@jest/globals';
import type { Chart } from '@bi/chart-model';
import { QueryClient } from '@tanstack/react-query';
import { chartKeys } from '../../chart/api/chart';
import type { ChartAnswer } from '../../chart/types';
import { storedChartOf } from './useStoredChart';

const chartWith = (range: string[]) => ({ chartId: 'c1', innerFilters: [{ id: 'cat', name: 'category', title: 'category', dataType: 'string', range }] }) as unknown as Chart;
const answerOf = (chart: Chart) => ({ chart }) as unknown as ChartAnswer;

describe('storedChartOf', () => {
  it('reads the chart of the newest run answer, not of the first one cached (an answer from before a save)', () => {
    const client = new QueryClient();
    // the box's first run (no inner values), then the run with the viewer's values, answered again after the save
    client.setQueryData(chartKeys.run('dashboard', 'c1', undefined, 'en'), answerOf(chartWith([])), { updatedAt: 1_000 });
    client.setQueryData(chartKeys.run('dashboard', 'c1', undefined, 'en', { innerValues: [] } as never), answerOf(chartWith(['Tech'])), { updatedAt: 2_000 });
    expect(storedChartOf(client, 'dashboard', 'c1')?.innerFilters?.[0]?.range).toEqual(['Tech']);
    // the first key answered again later: its chart counts
    client.setQueryData(chartKeys.run('dashboard', 'c1', undefined, 'en'), answerOf(chartWith(['Office'])), { updatedAt: 3_000 });
    expect(storedChartOf(client, 'dashboard', 'c1')?.innerFilters?.[0]?.range).toEqual(['Office']);
  });

  it('answers nothing before the chart ran, and reads only this chart of this tab', () => {
    const client = new QueryClient();
    expect(storedChartOf(client, 'dashboard', 'c1')).toBeUndefined();
    client.setQueryData(chartKeys.run('template', 'c1', undefined, 'en'), answerOf(chartWith(['x'])));
    client.setQueryData(chartKeys.run('dashboard', 'c2', undefined, 'en'), answerOf(chartWith(['y'])));
    expect(storedChartOf(client, 'dashboard', 'c1')).toBeUndefined();
  });
});
