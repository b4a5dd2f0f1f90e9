import { describe, expect, it } from '@jest/globals';
import en from './locales/en';
import zhCN from './locales/zh-CN';
import zhTW from './locales/zh-TW';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[path] = value;
    else Object.assign(out, flatten(value, path));
  }
  return out;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1] ?? '').sort();
}

describe('translation catalogues', () => {
  const reference = flatten(zhCN);
  const catalogues = { 'zh-TW': flatten(zhTW), en: flatten(en) };

  for (const [name, catalogue] of Object.entries(catalogues)) {
    it(`${name} has exactly the keys of zh-CN`, () => {
      expect(Object.keys(catalogue).sort()).toEqual(Object.keys(reference).sort());
    });

    it(`${name} has no empty texts and keeps every interpolation placeholder`, () => {
      for (const [key, text] of Object.entries(catalogue)) {
        expect(text.trim()).not.toBe('');
        expect({ key, placeholders: placeholders(text) }).toEqual({ key, placeholders: placeholders(reference[key] ?? '') });
      }
    });
  }

  it('names every route page in every language', () => {
    for (const catalogue of [zhCN, zhTW, en]) {
      expect(Object.keys(catalogue.pages)).toEqual(expect.arrayContaining(['dashboard', 'join_table', 'login', 'template_tab']));
    }
  });
});
