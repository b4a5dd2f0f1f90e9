import { describe, expect, it } from '@jest/globals';
import { itMatchesReference } from '../../../../shared/i18n/catalogue-check';
import { PANEL_IDS } from '../utils/applicability';
import en from './en';
import zhCN from './zh-CN';
import zhTW from './zh-TW';

describe('chart panels catalogues', () => {
  itMatchesReference(zhCN, { 'zh-TW': zhTW, en });

  it('names every panel in every language', () => {
    for (const catalogue of [zhCN, zhTW, en]) expect(Object.keys(catalogue.panels).sort()).toEqual([...PANEL_IDS].sort());
  });

  it('says "found no data" for an empty preview, as the data-source preview does (spec 02 §8)', () => {
    expect(en.preview.noData).toBe('found no data');
  });
});
