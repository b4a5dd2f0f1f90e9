import { readFileSync } from 'node:fs';
import { LANGUAGES } from '../language.js';
import { MESSAGE_FILES, MESSAGES } from './index.js';

const prefixOf = (key: string) => key.slice(0, key.indexOf('.'));

describe('per-feature message files', () => {
  it('keep each key prefix in exactly one file, so no key is defined twice', () => {
    const owner = new Map<string, string>();
    let total = 0;
    for (const [file, messages] of Object.entries(MESSAGE_FILES)) {
      for (const key of Object.keys(messages)) {
        total++;
        const prefix = prefixOf(key);
        expect([prefix, owner.get(prefix) ?? file]).toEqual([prefix, file]);
        owner.set(prefix, file);
      }
    }
    expect(Object.keys(MESSAGES)).toHaveLength(total);
  });

  it('give every key a non-empty text in each language', () => {
    for (const [key, texts] of Object.entries(MESSAGES)) {
      expect(Object.keys(texts).sort()).toEqual([...LANGUAGES].sort());
      for (const lang of LANGUAGES) expect([key, lang, texts[lang].length > 0]).toEqual([key, lang, true]);
    }
  });

  it('are all listed in the README of index.ts with the prefixes they own', () => {
    const readme = readFileSync(new URL('../index.ts', import.meta.url), 'utf8');
    for (const [file, messages] of Object.entries(MESSAGE_FILES)) {
      const line = readme.split('\n').find((l) => l.includes(` ${file}.ts `)) ?? '';
      for (const prefix of new Set(Object.keys(messages).map(prefixOf))) expect([file, line.includes(` ${prefix}.*`)]).toEqual([file, true]);
    }
  });
});
