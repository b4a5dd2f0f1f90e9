import { browserStorages, STORAGE_KEYS } from '../storage/keys';

/** Languages of the UI. zh-CN is the default and the fallback. */
export const LANGUAGES = ['zh-CN', 'zh-TW', 'en'] as const;

export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'zh-CN';

/** Native names shown in language choices. */
export const LANGUAGE_LABELS: Record<Language, string> = {
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
  en: 'English',
};

/**
 * Spec 01 §5: a language that is not zh-TW or en falls back to zh-CN
 * (absent, empty or unknown values included).
 */
export function resolveLanguage(value: string | null | undefined): Language {
  if (value === 'zh-TW') return 'zh-TW';
  if (value === 'en') return 'en';
  return DEFAULT_LANGUAGE;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language stored in localStorage (key `language`), resolved with the zh-CN fallback. */
export function storedLanguage(): Language {
  return resolveLanguage(browserStorages().local.getItem(STORAGE_KEYS.language));
}
