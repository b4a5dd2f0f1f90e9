import type { Language } from '../language.js';

/** One message in every language: leaving a language out (or adding an unknown one) fails the type check. */
export type Texts = { readonly [L in Language]: string };

/**
 * A feature's messages: `'prefix.name': { 'zh-CN': …, 'zh-TW': …, en: … }`, with {placeholders} filled by
 * translate(). Returns its argument unchanged; the type keeps each key as a literal, so the catalogue's
 * MessageKey union is derived from these objects.
 */
export function defineMessages<K extends `${string}.${string}`>(messages: { readonly [P in K]: Texts }): { readonly [P in K]: Texts } {
  return messages;
}
