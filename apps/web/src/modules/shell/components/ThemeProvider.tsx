import { App as AntApp, ConfigProvider, theme } from 'antd';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ANTD_LOCALES } from '../../../shared/i18n/antd-locales';
import { resolveLanguage, type Language } from '../../../shared/i18n/language';
import { browserStorages } from '../../../shared/storage/keys';
import { readTheme } from '../../../shared/storage/theme';

/** dayjs's locale of each language: the date pickers' month and week names. */
const DAYJS_LOCALES: Record<Language, string> = {
  'zh-CN': 'zh-cn',
  'zh-TW': 'zh-tw',
  en: 'en',
};

/**
 * antd configuration: light or dark algorithm from the stored theme (read once; a theme
 * change reloads the page), antd's own texts in the UI language, and the antd App context
 * (message, modal, notification). Toasts last 3 s (spec 01 §9). dayjs follows the language too (the
 * date pickers' calendars), before the pickers render in it.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = resolveLanguage(i18n.language);
  const mode = useMemo(() => readTheme(browserStorages().local), []);

  const themeConfig = useMemo(
    () => ({
      algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
      token: { colorPrimary: '#1677ff' },
      components: {
        Layout: {
          headerBg: mode === 'dark' ? '#141414' : '#ffffff',
          headerHeight: 56,
          headerPadding: '0 24px',
          siderBg: mode === 'dark' ? '#141414' : '#ffffff',
        },
      },
    }),
    [mode],
  );

  if (typeof document !== 'undefined') document.documentElement.dataset.theme = mode;
  if (dayjs.locale() !== DAYJS_LOCALES[language]) dayjs.locale(DAYJS_LOCALES[language]);

  return (
    <ConfigProvider theme={themeConfig} locale={ANTD_LOCALES[language]}>
      <AntApp message={{ duration: 3, maxCount: 3 }} notification={{ duration: 4.5 }} className="bi-app">
        {children}
      </AntApp>
    </ConfigProvider>
  );
}
