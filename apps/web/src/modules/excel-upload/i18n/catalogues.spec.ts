import { describe, expect, it } from '@jest/globals';
import en from './en';
import zhCN from './zh-CN';
import zhTW from './zh-TW';

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

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();

describe('excel-upload catalogues', () => {
  const reference = flatten(zhCN);
  for (const [name, catalogue] of Object.entries({ 'zh-TW': flatten(zhTW), en: flatten(en) })) {
    it(`${name} has exactly the keys of zh-CN, no empty texts, the same placeholders`, () => {
      expect(Object.keys(catalogue).sort()).toEqual(Object.keys(reference).sort());
      for (const [key, text] of Object.entries(catalogue)) {
        expect(text.trim()).not.toBe('');
        expect({ key, placeholders: placeholders(text) }).toEqual({ key, placeholders: placeholders(reference[key] ?? '') });
      }
    });
  }

  it('has the texts of spec 02 §8', () => {
    expect(en.upload.error).toBe('excel upload error');
    expect(en.errors.importFailed).toMatch(/wrong/);
  });
});
