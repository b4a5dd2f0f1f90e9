import { describe, expect, it } from '@jest/globals';
import { WARN_OPERATORS } from '@bi/chart-model';
import { itMatchesReference } from '../../../shared/i18n/catalogue-check';
import en from './en';
import zhCN from './zh-CN';
import zhTW from './zh-TW';

describe('warnings catalogues', () => {
  itMatchesReference(zhCN, { 'zh-TW': zhTW, en });

  it('names every compare operator of every value type', () => {
    const ops = new Set(Object.values(WARN_OPERATORS).flat());
    for (const catalogue of [zhCN, zhTW, en]) expect(Object.keys(catalogue.ops).sort()).toEqual([...ops].sort());
  });

  it('asks for the warning name with the spec message (spec 01 §5)', () => {
    expect(en.problems.name_required).toBe('Please input the warning name');
    expect(zhCN.problems.name_required).toBe('请输入预警名称');
  });
});
