/** The three languages every server message is written in, and how a request chooses one. */
export const LANGUAGES = ['zh-CN', 'zh-TW', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'zh-CN';

/** The spec's rule: zh-TW and en are taken as they are, anything else falls back to zh-CN. */
export function resolveLanguage(header: string | string[] | undefined | null): Language {
  const value = Array.isArray(header) ? header[0] : header;
  const v = (value ?? '').trim();
  if (v.toLowerCase() === 'zh-tw') return 'zh-TW';
  if (v.toLowerCase() === 'en' || v.toLowerCase().startsWith('en-')) return 'en';
  return FALLBACK_LANGUAGE;
}
