import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS } from '../storage/keys';
import { browserStorages } from '../storage/keys';
import { DEFAULT_LANGUAGE, resolveLanguage, storedLanguage, type Language } from './language';
import en from './locales/en';
import zhCN from './locales/zh-CN';
import zhTW from './locales/zh-TW';

export const resources = {
  'zh-CN': { translation: zhCN },
  'zh-TW': { translation: zhTW },
  en: { translation: en },
} as const;

export { storedLanguage };

function applyDocumentLanguage(lng: Language): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = lng;
  document.title = i18n.t('app.documentTitle');
}

void i18n.use(initReactI18next).init({
  resources,
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: ['zh-CN', 'zh-TW', 'en'],
  load: 'currentOnly',
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  react: { useSuspense: false },
});

applyDocumentLanguage(currentLanguage());
i18n.on('languageChanged', (lng) => applyDocumentLanguage(resolveLanguage(lng)));

/** The UI language in use (always one of zh-CN, zh-TW, en). */
export function currentLanguage(): Language {
  return resolveLanguage(i18n.resolvedLanguage ?? i18n.language);
}

/** Switches the UI language immediately and stores it in localStorage (key `language`). */
export async function changeLanguage(value: string): Promise<Language> {
  const lng = resolveLanguage(value);
  browserStorages().local.setItem(STORAGE_KEYS.language, lng);
  await i18n.changeLanguage(lng);
  return lng;
}

export default i18n;
