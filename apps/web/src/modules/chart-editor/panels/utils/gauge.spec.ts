import { GAUGE_PALETTE } from '@bi/charts';
import { describe, expect, it } from '@jest/globals';
import { salesChart } from '../testing/fixtures';
import { applySections, defaultSectionColor, gaugeRange, MAX_GAUGE_SECTIONS, nextSection, sectionDrafts, sectionProblems, sortSections, storedSectionsValid, type SectionDraft } from './gauge';

const row = (section: number | null, sectionColor = '#FF0000'): SectionDraft => ({ section, sectionColor });

describe('gauge sections', () => {
  it('reads the dial range from property (min default 0, max open)', () => {
    expect(gaugeRange(salesChart('gauge'))).toEqual({ min: 0, max: null });
    expect(gaugeRange(salesChart('gauge', { property: { min: 10, max: 90 } }))).toEqual({ min: 10, max: 90 });
  });

  it('accepts strictly rising sections above the minimum and up to the maximum', () => {
    expect(sectionProblems([row(30), row(70), row(100)], { min: 0, max: 100 })).toEqual({ rows: [null, null, null], list: null, ok: true });
    expect(sectionProblems([row(1e9)], { min: 0, max: null }).ok).toBe(true);
  });

  it('refuses sections out of order, at or below the minimum, above the maximum, without a value or colour', () => {
    const range = { min: 10, max: 100 };
    expect(sectionProblems([row(50), row(40)], range).rows).toEqual([null, 'notAscending']);
    expect(sectionProblems([row(50), row(50)], range).rows).toEqual([null, 'notAscending']);
    expect(sectionProblems([row(10)], range).rows).toEqual(['notAboveMin']);
    expect(sectionProblems([row(5)], range).rows).toEqual(['notAboveMin']);
    expect(sectionProblems([row(101)], range).rows).toEqual(['aboveMax']);
    expect(sectionProblems([row(null)], range).rows).toEqual(['valueRequired']);
    expect(sectionProblems([row(20, 'not a colour')], range).rows).toEqual(['colorInvalid']);
    expect(sectionProblems([row(50), row(40)], range).ok).toBe(false);
  });

  it('compares with the highest value before a row', () => {
    expect(sectionProblems([row(50), row(40), row(45)], { min: 0, max: null }).rows).toEqual([null, 'notAscending', 'notAscending']);
  });

  it('takes at most 50 sections', () => {
    const rows = Array.from({ length: MAX_GAUGE_SECTIONS + 1 }, (_, i) => row(i + 1));
    expect(sectionProblems(rows, { min: 0, max: null })).toMatchObject({ list: 'tooMany', ok: false });
  });

  it('suggests the next section a step above the last, in the next palette colour, within the maximum', () => {
    expect(nextSection([], { min: 0, max: 100 })).toEqual({ section: 10, sectionColor: GAUGE_PALETTE[0] });
    expect(nextSection([row(30)], { min: 0, max: 100 })).toEqual({ section: 40, sectionColor: GAUGE_PALETTE[1] });
    expect(nextSection([row(30)], { min: 0, max: null }).section).toBe(40);
    expect(nextSection([row(95)], { min: 0, max: 100 }).section).toBe(100);
    expect(nextSection([row(100)], { min: 0, max: 100 }).section).toBeNull();
    expect(defaultSectionColor(12)).toBe(GAUGE_PALETTE[0]);
  });

  it('sorts rows by value, empty ones last', () => {
    expect(sortSections([row(70), row(null), row(30)]).map((r) => r.section)).toEqual([30, 70, null]);
  });

  it('writes valid sections with "#" colours and refuses invalid ones', () => {
    const chart = salesChart('gauge', { property: { max: 100 } });
    expect(applySections(chart, [row(30, 'E7505A'), row(100, '#00ff00')])?.gaugeSection).toEqual([
      { section: 30, sectionColor: '#E7505A' },
      { section: 100, sectionColor: '#00ff00' },
    ]);
    expect(applySections(chart, [row(130)])).toBeNull();
    expect(applySections(chart, [])?.gaugeSection).toEqual([]);
  });

  it('reads stored sections back and tells when min or max no longer fit them', () => {
    const chart = salesChart('gauge', { gaugeSection: [{ section: 40, sectionColor: '#111111' }], property: { max: 100 } });
    expect(sectionDrafts(chart)).toEqual([row(40, '#111111')]);
    expect(storedSectionsValid(chart)).toBe(true);
    expect(storedSectionsValid({ ...chart, property: { max: 30 } })).toBe(false);
  });
});
