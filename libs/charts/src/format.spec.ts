import { axisFormatter, axisTickBound, chartLocale, defaultFormatter, EMPTY_VALUE, formatAxisValue, formatPercent, formatReadable, formatValue, roundHalfAwayFromZero, toNumber, type ChartLocale } from './format.js';

const f = defaultFormatter;

describe('roundHalfAwayFromZero', () => {
  it.each([
    [1.005, 2, 1.01],
    [1.004, 2, 1],
    [-1.005, 2, -1.01],
    [2.5, 0, 3],
    [-2.5, 0, -3],
    [0.5, 0, 1],
    [-0.5, 0, -1],
    [1.45, 1, 1.5],
    [8.345, 2, 8.35],
    [123.456, 0, 123],
    [0, 3, 0],
    [1e-7, 2, 0],
    [1.23e-7, 9, 1.23e-7],
    [123456789.125, 2, 123456789.13],
  ])('%p at %p places → %p', (value, places, expected) => {
    expect(roundHalfAwayFromZero(value, places)).toBe(expected);
  });

  it('never returns -0', () => {
    expect(Object.is(roundHalfAwayFromZero(-0.001, 2), 0)).toBe(true);
  });

  it('treats odd decimal counts sanely', () => {
    expect(roundHalfAwayFromZero(1.2345, -1)).toBe(1);
    expect(roundHalfAwayFromZero(1.2345, 2.9)).toBe(1.23);
  });
});

describe('toNumber', () => {
  it.each([
    [12, 12],
    ['12.5', 12.5],
    [' -3 ', -3],
    ['', null],
    ['abc', null],
    [null, null],
    [undefined, null],
    [NaN, null],
    [Infinity, null],
  ])('%p → %p', (value, expected) => expect(toNumber(value)).toBe(expected));
});

describe('formatValue', () => {
  describe('empty and non-numeric cells', () => {
    it.each([null, undefined, '', NaN, Infinity])('%p → "-"', (value) => {
      expect(formatValue(value as number | null | undefined, f({ decimalPlaces: 2 }))).toBe(EMPTY_VALUE);
    });
    it('returns a non-numeric string as it is', () => expect(formatValue('n/a', f())).toBe('n/a'));
    it('parses numeric strings (database decimals)', () => expect(formatValue('12345.678', f({ decimalPlaces: 1 }))).toBe('12345.7'));
  });

  describe('without a formatter (or type 0)', () => {
    it('shows the number as stored, without float noise', () => {
      expect(formatValue(0.1 + 0.2)).toBe('0.3');
      expect(formatValue(1234567.891)).toBe('1234567.891');
      expect(formatValue(-5, null)).toBe('-5');
      expect(formatValue(7, f({ type: 0, decimalPlaces: 2, unit: 1 }))).toBe('7');
      expect(formatValue(-0)).toBe('0');
    });
  });

  describe('type 1 value with units', () => {
    it.each([
      [0, 1234567, 2, '1234567.00'],
      [1, 1234567, 2, '123.46万'],
      [2, 1234567890, 2, '12.35亿'],
      [3, 1234, 1, '1.2K'],
      [4, 1234567, 3, '1.235M'],
      [5, 9876543210, 2, '9.88G'],
    ] as const)('unit %p: %p → %p', (unit, value, decimals, expected) => {
      expect(formatValue(value, f({ unit, decimalPlaces: decimals }))).toBe(expected);
    });

    it('divides exactly in decimal (no binary drift at the rounding edge)', () => {
      expect(formatValue(10050, f({ unit: 1, decimalPlaces: 3 }))).toBe('1.005万');
      expect(formatValue(10050, f({ unit: 1, decimalPlaces: 2 }))).toBe('1.01万');
      expect(formatValue(1005, f({ unit: 3, decimalPlaces: 2 }))).toBe('1.01K');
    });

    it('rounds half away from zero for negatives', () => {
      expect(formatValue(-12345, f({ unit: 1, decimalPlaces: 0 }))).toBe('-1万');
      expect(formatValue(-15000, f({ unit: 1, decimalPlaces: 0 }))).toBe('-2万');
      expect(formatValue(-2.5, f({ decimalPlaces: 0 }))).toBe('-3');
    });

    it('never shows -0', () => {
      expect(formatValue(-0.001, f({ decimalPlaces: 2 }))).toBe('0.00');
      expect(formatValue(-40, f({ unit: 1, decimalPlaces: 2 }))).toBe('0.00万');
    });

    it('formats zero with the decimals and unit', () => {
      expect(formatValue(0, f({ unit: 2, decimalPlaces: 2 }))).toBe('0.00亿');
    });

    it('uses a custom unit text without dividing', () => {
      expect(formatValue(1234.5, f({ isCustomizeUnit: true, customUnit: '元', unit: 1, decimalPlaces: 1, useThousandth: true }))).toBe('1,234.5元');
      expect(formatValue(3, f({ isCustomizeUnit: true, customUnit: '' }))).toBe('3');
    });

    it('falls back to no unit for an unknown unit code', () => {
      expect(formatValue(1500, f({ unit: 9 as 0, decimalPlaces: 0 }))).toBe('1500');
    });
  });

  describe('thousands separator', () => {
    it.each([
      [0, '0'],
      [999, '999'],
      [1000, '1,000'],
      [1234567.891, '1,234,567.89'],
      [-1234567.891, '-1,234,567.89'],
      [100000, '100,000'],
    ])('%p → %p', (value, expected) => {
      const decimals = Number.isInteger(value) ? 0 : 2;
      expect(formatValue(value, f({ useThousandth: true, decimalPlaces: decimals }))).toBe(expected);
    });

    it('groups only the integer part, after the unit division', () => {
      expect(formatValue(123456789012, f({ unit: 2, decimalPlaces: 4, useThousandth: true }))).toBe('1,234.5679亿');
      expect(formatValue(99999999, f({ unit: 1, decimalPlaces: 2, useThousandth: true }))).toBe('1.00亿');
    });
  });

  describe('type 2 percent', () => {
    it.each([
      [0.1234, 2, '12.34%'],
      [0.12345, 2, '12.35%'],
      [-0.12345, 2, '-12.35%'],
      [1, 0, '100%'],
      [0, 1, '0.0%'],
      [0.5, 0, '50%'],
      [12.3456, 1, '1234.6%'],
    ])('%p with %p places → %p', (value, decimals, expected) => {
      expect(formatValue(value, f({ type: 2, decimalPlaces: decimals }))).toBe(expected);
    });

    it('ignores the unit and applies the separator', () => {
      expect(formatValue(123.4567, f({ type: 2, unit: 1, decimalPlaces: 1, useThousandth: true }))).toBe('12,345.7%');
    });
  });

  it('clamps absurd decimal places', () => {
    expect(formatValue(1 / 3, f({ decimalPlaces: 50 }))).toBe('0.3333333333');
    expect(formatValue(1 / 3, f({ decimalPlaces: -2 }))).toBe('0');
  });

  it('formatPercent shows shares', () => {
    expect(formatPercent(0.5)).toBe('50.00%');
    expect(formatPercent(1 / 3, 1)).toBe('33.3%');
    expect(formatPercent(null)).toBe('-');
  });
});

describe('formatValue without a formatter (the fast path of plain numbers)', () => {
  /** The rule as first written: 12 significant digits, printed shortest. */
  const reference = (n: number) => {
    const clean = Number(n.toPrecision(12));
    return String(Object.is(clean, -0) ? 0 : clean);
  };

  it('gives the same text as rounding to 12 significant digits and printing the result', () => {
    const fixed = [0, -0, 0.1 + 0.2, 1e21, 1.5e-7, -1e-13, 123456789012345, -764629627191562, 1234567890123.5, 999999999999.5, 0.000001234567890123, -2.5, 99999999999.99999, 3e-7, 5, -5, 1e12, 1e12 - 1, 0.5, 1 / 3];
    let seed = 42;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const random = Array.from({ length: 20_000 }, () => {
      const x = (rnd() - 0.5) * 10 ** Math.floor(rnd() * 40 - 20);
      return rnd() < 0.3 ? Number(x.toPrecision(1 + Math.floor(rnd() * 16))) : x;
    });
    for (const n of [...fixed, ...random]) expect([n, formatValue(n)]).toEqual([n, reference(n)]);
  });
});

describe('formatting by locale (one table per locale)', () => {
  const wan1 = f({ unit: 1, decimalPlaces: 1, useThousandth: true });
  const yi2 = f({ unit: 2, decimalPlaces: 2, useThousandth: true });
  const k1 = f({ unit: 3, decimalPlaces: 1, useThousandth: true });
  const none0 = f({ unit: 0, decimalPlaces: 0, useThousandth: true });
  const pct1 = f({ type: 2, decimalPlaces: 1 });
  const custom = f({ isCustomizeUnit: true, customUnit: '元', decimalPlaces: 0, useThousandth: true });
  // value, formatter, zh-CN, zh-TW, en
  const table: [number, ReturnType<typeof f>, string, string, string][] = [
    [12345, wan1, '1.2万', '1.2萬', '12.3K'],
    [5000, wan1, '0.5万', '0.5萬', '5.0K'],
    [1362640000, wan1, '13.6亿', '13.6億', '1.4B'],
    [100000000, wan1, '1.0亿', '1.0億', '100.0M'],
    [99999600, wan1, '1.0亿', '1.0億', '100.0M'],
    [99990000, wan1, '9,999.0万', '9,999.0萬', '100.0M'],
    [-25000000, wan1, '-2,500.0万', '-2,500.0萬', '-25.0M'],
    [123456789, yi2, '1.23亿', '1.23億', '123.46M'],
    [1234567, yi2, '0.01亿', '0.01億', '1.23M'],
    [1234, k1, '1.2K', '1.2K', '1.2K'],
    [1234567, k1, '1.2M', '1.2M', '1.2M'],
    [9876543210, k1, '9.9G', '9.9G', '9.9B'],
    [1234567, none0, '1,234,567', '1,234,567', '1,234,567'],
    [0.125, pct1, '12.5%', '12.5%', '12.5%'],
    [1234567, custom, '1,234,567元', '1,234,567元', '1,234,567元'],
  ];
  it.each(table)('%p with %j → zh-CN %p, zh-TW %p, en %p', (value, formatter, zhCN, zhTW, en) => {
    expect(formatValue(value, formatter, 'zh-CN')).toBe(zhCN);
    expect(formatValue(value, formatter, 'zh-TW')).toBe(zhTW);
    expect(formatValue(value, formatter, 'en')).toBe(en);
  });

  it('keeps zh-CN as the default and reads language tags', () => {
    expect(formatValue(12345, wan1)).toBe('1.2万');
    const tags: [unknown, ChartLocale][] = [['zh-CN', 'zh-CN'], ['zh', 'zh-CN'], ['zh-TW', 'zh-TW'], ['zh-Hant-TW', 'zh-TW'], ['zh-HK', 'zh-TW'], ['en', 'en'], ['en-US', 'en'], ['fr', 'zh-CN'], [undefined, 'zh-CN']];
    for (const [tag, locale] of tags) expect(chartLocale(tag)).toBe(locale);
  });

  it('never writes 10,000万 or 1,000K: a larger unit takes over', () => {
    for (const locale of ['zh-CN', 'zh-TW', 'en'] as const) {
      for (const v of [1e8, 99999999.99, 123456789012, 2e9, -3e8]) {
        for (const formatter of [wan1, k1, f({ unit: 1, decimalPlaces: 0, useThousandth: true })]) {
          expect(formatValue(v, formatter, locale)).not.toMatch(/^-?\d{1,3}(,\d{3})+(\.\d+)?(万|萬|K)$/);
        }
      }
    }
  });
});

describe('formatReadable: what a person reads (labels, tooltips, alert values) in the units of the axis', () => {
  const none2 = f({ unit: 0, decimalPlaces: 2, useThousandth: false });
  const none0 = f({ unit: 0, decimalPlaces: 0, useThousandth: true });
  const wan1 = f({ unit: 1, decimalPlaces: 1, useThousandth: true });
  const pct1 = f({ type: 2, decimalPlaces: 1 });
  const custom = f({ isCustomizeUnit: true, customUnit: '元', decimalPlaces: 0, useThousandth: true });
  // value, formatter, zh-CN, zh-TW, en (issue 27: labels read 30926.47 and 8760499.98 under an axis in 万)
  const table: [number | string | null, ReturnType<typeof f> | null, string, string, string][] = [
    [30926.47, none2, '3.09万', '3.09萬', '30.93K'],
    [8760499.98, none2, '876.05万', '876.05萬', '8.76M'],
    [100000000, null, '1亿', '1億', '100M'],
    [499999.95, null, '50万', '50萬', '500K'],
    ['236513733', none0, '2.37亿', '2.37億', '236.51M'],
    [-15000, none0, '-1.5万', '-1.5萬', '-15K'],
    [99999999.99, null, '1亿', '1億', '100M'],
    [1234567890123, null, '12,345.68亿', '12,345.68億', '1,234.57B'],
    [9999.5, none0, '10,000', '10,000', '10,000'],
    [1234.567, none2, '1234.57', '1234.57', '1234.57'],
    [0.1 + 0.2, null, '0.3', '0.3', '0.3'],
    [6960.83258065, null, '6,960.83', '6,960.83', '6,960.83'],
    [-12.5, null, '-12.5', '-12.5', '-12.5'],
    [0.000123456, null, '0.000123', '0.000123', '0.000123'],
    // a formatter that fixes the unit is followed as it is
    [12345, wan1, '1.2万', '1.2萬', '12.3K'],
    [0.125, pct1, '12.5%', '12.5%', '12.5%'],
    [1234567, custom, '1,234,567元', '1,234,567元', '1,234,567元'],
    [null, none2, '-', '-', '-'],
    ['East', null, 'East', 'East', 'East'],
  ];
  it.each(table)('%p with %j → zh-CN %p, zh-TW %p, en %p', (value, formatter, zhCN, zhTW, en) => {
    expect(formatReadable(value, formatter, 'zh-CN')).toBe(zhCN);
    expect(formatReadable(value, formatter, 'zh-TW')).toBe(zhTW);
    expect(formatReadable(value, formatter, 'en')).toBe(en);
  });

  it('reads a point in its value axis\' unit while that keeps a figure (6.96K beside 10.02K, not 6,960.83)', () => {
    expect(formatReadable(6960.83, null, 'en', 3)).toBe('6.96K');
    expect(formatReadable(10020, null, 'en', 3)).toBe('10.02K');
    expect(formatReadable(6960.83, null, 'zh-CN', 1)).toBe('0.7万');
    expect(formatReadable(6960.83, null, 'zh-TW', 1)).toBe('0.7萬');
    expect(formatReadable(2.5e6, null, 'en', 3)).toBe('2.5M');
    // too small for the axis' unit: its own text
    expect(formatReadable(12, null, 'zh-CN', 2)).toBe('12');
    expect(formatReadable(12, null, 'en', 4)).toBe('12');
    // a formatter that fixes the unit wins over the axis
    expect(formatReadable(6960.83, f({ unit: 0, isCustomizeUnit: true, customUnit: '元', decimalPlaces: 0 }), 'en', 3)).toBe('6961元');
  });

  it('writes a value in the family of units its axis uses (万/亿 or 萬/億 or K/M/B, never a mix)', () => {
    for (const v of [12345, 876049998, 3.2e11, -4.5e6]) {
      const axis = axisFormatter(none2, Math.abs(v), 'zh-CN');
      expect(formatAxisValue(axisTickBound(v), axis, 'zh-CN')).toMatch(/[万亿]$/);
      expect(formatReadable(v, none2, 'zh-CN')).toMatch(/[万亿]$/);
      expect(formatReadable(v, none2, 'zh-TW')).toMatch(/[萬億]$/);
      expect(formatReadable(v, none2, 'en')).toMatch(/[KMB]$/);
    }
  });
});

describe('axis labels (axisFormatter + formatAxisValue)', () => {
  const none = f({ unit: 0, decimalPlaces: 1, useThousandth: true });
  const wan1 = f({ unit: 1, decimalPlaces: 1, useThousandth: true });
  // largest value on the axis, its ticks, then the labels per locale
  const table: [string, ReturnType<typeof f> | null, number, number[], Record<ChartLocale, string[]>][] = [
    ['no unit asked, tens of millions', none, 4.6e7, [0, 1e7, 2.5e7, 5e7], { 'zh-CN': ['0', '1,000万', '2,500万', '5,000万'], 'zh-TW': ['0', '1,000萬', '2,500萬', '5,000萬'], en: ['0', '10M', '25M', '50M'] }],
    ['no formatter, hundreds of millions', null, 3.2e8, [0, 5e7, 1e8, 3.5e8], { 'zh-CN': ['0', '0.5亿', '1亿', '3.5亿'], 'zh-TW': ['0', '0.5億', '1億', '3.5億'], en: ['0', '50M', '100M', '350M'] }],
    ['万 asked, values above 1亿', wan1, 1.9e8, [0, 5e7, 1e8, 2e8], { 'zh-CN': ['0', '0.5亿', '1亿', '2亿'], 'zh-TW': ['0', '0.5億', '1億', '2億'], en: ['0', '50M', '100M', '200M'] }],
    ['small numbers stay plain', none, 950, [0, 250, 500, 1000], { 'zh-CN': ['0', '250', '500', '1,000'], 'zh-TW': ['0', '250', '500', '1,000'], en: ['0', '250', '500', '1,000'] }],
    ['negative ticks', none, 3e4, [-2e4, 0, 2e4], { 'zh-CN': ['-2万', '0', '2万'], 'zh-TW': ['-2萬', '0', '2萬'], en: ['-20K', '0', '20K'] }],
    ['percent', f({ type: 2, decimalPlaces: 1 }), 0.5, [0, 0.125, 0.5], { 'zh-CN': ['0', '12.5%', '50%'], 'zh-TW': ['0', '12.5%', '50%'], en: ['0', '12.5%', '50%'] }],
  ];
  it.each(table)('%s', (_name, formatter, maxAbs, ticks, expected) => {
    for (const locale of ['zh-CN', 'zh-TW', 'en'] as const) {
      const axis = axisFormatter(formatter, maxAbs, locale);
      expect([locale, ticks.map((t) => formatAxisValue(t, axis, locale))]).toEqual([locale, expected[locale]]);
    }
  });

  // an axis' ticks as ECharts draws them: 0 to the largest tick in about 5 nice steps
  const ticksTo = (maxAbs: number): number[] => {
    const top = axisTickBound(maxAbs);
    const step = [1, 2, 3, 5, 10].map((m) => m * 10 ** Math.floor(Math.log10(top / 5))).find((s) => top / s <= 5.5 && Number.isInteger(Math.round((top / s) * 1e6) / 1e6)) ?? top / 5;
    return Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
  };
  const suffixOf = (label: string): string => label.replace(/^-?[\d,.]+/, '');

  it.each([
    ['just under 1亿', 9.5e7, { 'zh-CN': ['0', '0.2亿', '0.4亿', '0.6亿', '0.8亿', '1亿'], 'zh-TW': ['0', '0.2億', '0.4億', '0.6億', '0.8億', '1億'], en: ['0', '20M', '40M', '60M', '80M', '100M'] }],
    ['just under 1B', 9.1e8, { 'zh-CN': ['0', '2亿', '4亿', '6亿', '8亿', '10亿'], 'zh-TW': ['0', '2億', '4億', '6億', '8億', '10億'], en: ['0', '0.2B', '0.4B', '0.6B', '0.8B', '1B'] }],
    ['just under 1万', 9.3e3, { 'zh-CN': ['0', '0.2万', '0.4万', '0.6万', '0.8万', '1万'], 'zh-TW': ['0', '0.2萬', '0.4萬', '0.6萬', '0.8萬', '1萬'], en: ['0', '2K', '4K', '6K', '8K', '10K'] }],
  ] as const)('one unit for every tick of an axis: %s', (_name, maxAbs, expected) => {
    for (const locale of ['zh-CN', 'zh-TW', 'en'] as const) {
      const axis = axisFormatter(null, maxAbs, locale);
      expect([locale, ticksTo(maxAbs).map((t) => formatAxisValue(t, axis, locale))]).toEqual([locale, [...expected[locale]]]);
    }
  });

  it('never mixes units on one axis (万/亿, 萬/億, K/M/B), whatever the field asks for', () => {
    const formatters = [null, f({ unit: 0, useThousandth: true }), f({ unit: 1, decimalPlaces: 1, useThousandth: true }), f({ unit: 2, decimalPlaces: 2 })];
    for (let e = 3; e <= 11; e += 0.05) {
      const maxAbs = 10 ** e;
      for (const formatter of formatters) {
        for (const locale of ['zh-CN', 'zh-TW', 'en'] as const) {
          const axis = axisFormatter(formatter, maxAbs, locale);
          const suffixes = new Set(ticksTo(maxAbs).map((t) => formatAxisValue(t, axis, locale)).filter((l) => l !== '0').map(suffixOf));
          expect([locale, maxAbs, [...suffixes]]).toEqual([locale, maxAbs, [...suffixes].slice(0, 1)]);
          // chosen automatically, the largest tick is at least 1 of the unit: never '0.5亿' as the top of an axis
          const top = formatAxisValue(axisTickBound(maxAbs), axis, locale);
          if (!formatter || formatter.unit === 0) expect([locale, maxAbs, top, Number(top.replace(/[^\d.]/g, '')) >= 1]).toEqual([locale, maxAbs, top, true]);
        }
      }
    }
  });

  it('puts a custom unit after the chosen unit', () => {
    const yuan = f({ isCustomizeUnit: true, customUnit: '元', useThousandth: true });
    expect(formatAxisValue(3e7, axisFormatter(yuan, 4e7, 'zh-CN'), 'zh-CN')).toBe('3,000万元');
    expect(formatAxisValue(3e7, axisFormatter(yuan, 4e7, 'en'), 'en')).toBe('30M元');
  });
});
