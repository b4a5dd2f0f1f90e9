import { describe, expect, it } from '@jest/globals';
import { answerOf } from '../testing/fixtures';
import type { ChartAnswer } from '../types';
import { deriveChartState, downsampleHint, isSettled } from './state';

const ready = answerOf('bar');

describe('chart box state', () => {
  it('waits until the box is visible, then loads', () => {
    expect(deriveChartState({ enabled: false, isError: false, answer: undefined })).toBe('waiting');
    expect(deriveChartState({ enabled: true, isError: false, answer: undefined })).toBe('loading');
  });

  it('shows an error, also when a refresh of a drawn chart failed', () => {
    expect(deriveChartState({ enabled: true, isError: true, answer: undefined })).toBe('error');
    expect(deriveChartState({ enabled: true, isError: true, answer: ready })).toBe('error');
  });

  it('shows the no-permission state when the caller may not see the source (dataSourceAuth false)', () => {
    const denied = { dataSourceAuth: false, chartId: 'c1', message: 'no permission' } as unknown as ChartAnswer;
    expect(deriveChartState({ enabled: true, isError: false, answer: denied })).toBe('noPermission');
    expect(isSettled('noPermission')).toBe(true);
    // an answer without the flag, or with it true, is permitted
    expect(deriveChartState({ enabled: true, isError: false, answer: { ...ready, dataSourceAuth: true } })).toBe('ready');
  });

  it('draws an answer with rows', () => {
    expect(deriveChartState({ enabled: true, isError: false, answer: ready })).toBe('ready');
  });

  it('says "no fields configured yet" when the server found nothing to run or the chart has no fields or source', () => {
    const meta = { ...ready.meta!, empty: true, rowCount: 0 };
    expect(deriveChartState({ enabled: true, isError: false, answer: { ...ready, meta } })).toBe('unconfigured');
    const bare: ChartAnswer = { ...ready, meta: undefined, chart: { ...ready.chart, points: [], values: [], secondValues: [] } };
    expect(deriveChartState({ enabled: true, isError: false, answer: bare })).toBe('unconfigured');
    const noSource: ChartAnswer = { ...ready, meta: undefined, chart: { ...ready.chart, dataSourceId: '' } };
    expect(deriveChartState({ enabled: true, isError: false, answer: noSource })).toBe('unconfigured');
  });

  it('says "no data found" when the query answered no rows', () => {
    const empty = answerOf('bar', {}, []);
    expect(empty.meta!.rowCount).toBe(0);
    expect(deriveChartState({ enabled: true, isError: false, answer: empty })).toBe('empty');
    const table = answerOf('table', {}, []);
    expect(deriveChartState({ enabled: true, isError: false, answer: table })).toBe('empty');
    // without rowCount: no points before and after sampling
    const { rowCount: _dropped, ...meta } = empty.meta!;
    expect(deriveChartState({ enabled: true, isError: false, answer: { ...empty, meta } })).toBe('empty');
  });

  it('a card over rows whose value is empty is still drawn (it shows "-")', () => {
    const card = answerOf('card', { points: [] }, [{ amount: null }]);
    expect(deriveChartState({ enabled: true, isError: false, answer: card })).toBe('ready');
  });

  it('counts error, empty and unconfigured boxes as loaded for the export wait', () => {
    expect(['waiting', 'loading', 'error', 'unconfigured', 'empty', 'ready'].filter((s) => isSettled(s as never))).toEqual(['error', 'unconfigured', 'empty']);
  });

  it('offers the down-sampling hint only for down-sampled answers', () => {
    expect(downsampleHint(ready)).toBeNull();
    expect(downsampleHint({ ...ready, meta: { ...ready.meta!, downsampled: true, pointCount: 3000, originalPointCount: 12000 } })).toEqual({ shown: 3000, total: 12000 });
    expect(downsampleHint(undefined)).toBeNull();
  });
});
