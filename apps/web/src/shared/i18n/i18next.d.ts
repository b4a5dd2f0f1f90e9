import 'i18next';
import type { Catalogue } from './locales/zh-CN';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: Catalogue;
    };
  }
}
