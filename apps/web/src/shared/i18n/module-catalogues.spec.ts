import { describe, expect, it } from '@jest/globals';
import i18n from './index';
import { addModuleCatalogues, moduleTranslation } from './module-catalogues';

describe('module catalogues', () => {
  it("registers a module's texts per language under its prefix, a dotted prefix nested, beside what is there", async () => {
    addModuleCatalogues('specModule.view', { 'zh-CN': { hello: '你好' }, 'zh-TW': { hello: '您好' }, en: { hello: 'Hello' } });
    addModuleCatalogues('specModule', { 'zh-CN': { other: '别的' }, 'zh-TW': { other: '別的' }, en: { other: 'Other' } });
    const t = i18n.t as unknown as (key: string, options?: { lng: string }) => string;
    expect(t('specModule.view.hello', { lng: 'en' })).toBe('Hello');
    expect(t('specModule.view.hello', { lng: 'zh-TW' })).toBe('您好');
    expect(t('specModule.other', { lng: 'zh-CN' })).toBe('别的');
  });

  it('gives a translation hook and registers the catalogues when the module loads', () => {
    const useSpecTexts = moduleTranslation('specLoaded', { 'zh-CN': { a: { b: '乙' } }, 'zh-TW': { a: { b: '乙' } }, en: { a: { b: 'B' } } }, 'sp');
    expect(typeof useSpecTexts).toBe('function');
    const t = i18n.t as unknown as (key: string, options?: { lng: string }) => string;
    expect(t('specLoaded.a.b', { lng: 'en' })).toBe('B');
  });
});
