import type { Language } from '../../../shared/i18n/language';

/** The viewer's browser language as one of the product's (zh-TW for Traditional Chinese, zh-CN for other Chinese, else English). */
export function browserLanguage(languages: readonly string[]): Language {
  for (const raw of languages) {
    const l = raw.toLowerCase();
    if (l.startsWith('zh')) return /^zh-(tw|hk|mo|hant)/.test(l) ? 'zh-TW' : 'zh-CN';
    if (l.startsWith('en')) return 'en';
  }
  return 'en';
}
