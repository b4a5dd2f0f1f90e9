// The web app's own translation catalogues, so the specs check the texts the UI is meant to show.
import en from '../../../web/src/shared/i18n/locales/en';
import zhCN from '../../../web/src/shared/i18n/locales/zh-CN';
import zhTW from '../../../web/src/shared/i18n/locales/zh-TW';

export type Language = 'zh-CN' | 'zh-TW' | 'en';

export const catalogues = { 'zh-CN': zhCN, 'zh-TW': zhTW, en } as const;

/** Replaces `{{name}}` placeholders the way i18next does (escaping off). */
export function format(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) => values[key] ?? whole);
}

// The server's message catalogue (texts the BFF sends back, e.g. for a wrong password).
export { CATALOGUES as serverMessages } from '../../../../libs/i18n/src/catalogue';
