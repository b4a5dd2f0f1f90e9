import { AppError } from '@bi/core';
import { dashboardIdsOf } from './live.controller.js';
import { liveLimits, MAX_DASHBOARDS_PER_STREAM } from './live-hub.js';

describe('live stream inputs', () => {
  it('reads the limits from the environment, defaults for anything but a positive integer', () => {
    expect(liveLimits({})).toEqual({ perUser: 10, perBff: 5000 });
    expect(liveLimits({ BI_LIVE_STREAMS_PER_USER: '3', BI_LIVE_STREAMS_PER_BFF: '200' })).toEqual({ perUser: 3, perBff: 200 });
    expect(liveLimits({ BI_LIVE_STREAMS_PER_USER: '0', BI_LIVE_STREAMS_PER_BFF: 'lots' })).toEqual({ perUser: 10, perBff: 5000 });
  });

  it('takes unique lower-case dashboard ids, refuses anything else and more than the bound', () => {
    const a = '0b9c6a8e-6f0e-4c1b-9d7c-1a2b3c4d5e6f';
    expect([...dashboardIdsOf(undefined)]).toEqual([]);
    expect([...dashboardIdsOf(` ${a.toUpperCase()},${a},, `)]).toEqual([a]);
    expect(() => dashboardIdsOf('x')).toThrow(AppError);
    const many = Array.from({ length: MAX_DASHBOARDS_PER_STREAM + 1 }, (_, i) => `0b9c6a8e-6f0e-4c1b-9d7c-${String(i).padStart(12, '0')}`).join(',');
    expect(() => dashboardIdsOf(many)).toThrow(expect.objectContaining({ key: 'live.too_many_dashboards' }));
  });
});
