import { expect, it } from '@jest/globals';

/** Test helpers for translation catalogues: every language has zh-CN's keys, texts and placeholders. */
export type CatalogueTree = { [key: string]: string | CatalogueTree };

/** Nested catalogue → dotted keys ("a.b.c") with their texts. */
export function flattenCatalogue(tree: CatalogueTree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[path] = value;
    else Object.assign(out, flattenCatalogue(value, path));
  }
  return out;
}

/** The i18next {{name}} placeholders of a text, sorted. */
export function placeholdersOf(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();
}

export function expectSameKeys(reference: Record<string, string>, catalogue: Record<string, string>): void {
  expect(Object.keys(catalogue).sort()).toEqual(Object.keys(reference).sort());
}

export function expectTextsAndPlaceholders(reference: Record<string, string>, catalogue: Record<string, string>): void {
  for (const [key, text] of Object.entries(catalogue)) {
    expect(text.trim()).not.toBe('');
    expect({ key, placeholders: placeholdersOf(text) }).toEqual({ key, placeholders: placeholdersOf(reference[key] ?? '') });
  }
}

/** One test per language: exactly zh-CN's keys, no empty texts, the same placeholders. */
export function itMatchesReference(zhCN: CatalogueTree, others: Record<string, CatalogueTree>): void {
  const reference = flattenCatalogue(zhCN);
  for (const [name, tree] of Object.entries(others)) {
    it(`${name} has exactly the keys of zh-CN, no empty texts, the same placeholders`, () => {
      const catalogue = flattenCatalogue(tree);
      expectSameKeys(reference, catalogue);
      expectTextsAndPlaceholders(reference, catalogue);
    });
  }
}
