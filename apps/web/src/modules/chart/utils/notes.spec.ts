import { describe, expect, it } from '@jest/globals';
import { CHART_WARNING_KEYS, chartWarning, type ChartWarning } from '@bi/charts';
import i18n from '../../../shared/i18n';
import { chartViewCatalogues } from '../i18n';
import { answerOf } from '../testing/fixtures';
import { NOTE_TEXT_KEYS, noteTexts, type LooseT } from './notes';

type Language = 'zh-CN' | 'zh-TW' | 'en';
const tOf = (language: Language) => i18n.getFixedT(language) as unknown as LooseT;
/** noteTexts as a reader of `language` sees them */
const textsIn = (meta: Parameters<typeof noteTexts>[0], language: Language) => noteTexts(meta, tOf(language), language);

const notes = (...list: ChartWarning[]) => ({ warnings: ['English text'], notes: list });

describe('answer notes in the reader language', () => {
  it('has a text for every warning key of @bi/charts in zh-CN, zh-TW and en', () => {
    for (const key of CHART_WARNING_KEYS) {
      for (const catalogue of Object.values(chartViewCatalogues)) expect(catalogue[NOTE_TEXT_KEYS[key]]).toBeTruthy();
    }
  });

  it('says the widened gauge scale of a real answer with the numbers in the reader locale', () => {
    const answer = answerOf('gauge', { property: { min: 0, max: 1000 } }, [{ region: 'all', amount: 1971 }]);
    expect(answer.meta?.notes).toEqual([{ key: 'gaugeScaleWidened', params: { min: 0, max: 2000 } }]);
    expect(textsIn(answer.meta, 'en')).toEqual(['The scale was widened to 0–2,000 to hold the value']);
    expect(textsIn(answer.meta, 'zh-TW')).toEqual(['刻度已擴展到 0–2,000，以容納目前的值']);
    expect(textsIn(answer.meta, 'zh-CN')).toEqual(['刻度已扩展到 0–2,000，以容纳当前值']);
  });

  it('translates kind names, keeps field names as shown and formats counts', () => {
    const meta = notes(chartWarning('firstValueOnly', { kind: 'pie' }), chartWarning('statisticsFieldMissing', { field: 'Profit', using: '销售额' }), chartWarning('downsampled', { total: 10000, shown: 3000 }));
    expect(textsIn(meta, 'zh-TW')).toEqual(['圓餅圖只顯示第一個數值欄位', '統計欄位「Profit」不在數值欄位中，改用「销售额」', '每個系列的 10,000 個點已抽樣為 3,000 個（LTTB）']);
    expect(textsIn(meta, 'en')[0]).toBe('Pie shows the first value field only');
  });

  it('writes numbers with the reader locale separators', () => {
    expect(noteTexts(notes(chartWarning('pieNegativeLeftOut', { count: 1234 })), tOf('en'), 'de-DE')).toEqual(['The pie leaves out 1.234 negative value(s)']);
  });

  it('never shows the engine text of an invalid customOption', () => {
    const texts = textsIn(notes(chartWarning('customOptionInvalidJson', { detail: 'Unexpected token } in JSON at position 7' })), 'zh-CN');
    expect(texts).toEqual(['自定义配置不是有效的 JSON，已忽略']);
  });

  it('shows the English warnings of an answer without notes, and leaves out keys it does not know', () => {
    expect(textsIn({ warnings: ['old text'] } as never, 'en')).toEqual(['old text']);
    expect(textsIn({ warnings: ['x'], notes: [{ key: 'fromTheFuture', params: {} } as unknown as ChartWarning] }, 'en')).toEqual([]);
    expect(textsIn(undefined, 'en')).toEqual([]);
  });
});
