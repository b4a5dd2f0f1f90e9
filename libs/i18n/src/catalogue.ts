/**
 * Server-side message catalogue. Services raise keys; the BFF renders them in the language of the
 * request's currentLanguage header. The texts live per feature in ./messages/ (every key in all three
 * languages, checked by the type of defineMessages); this file merges them and renders them.
 */
import { FALLBACK_LANGUAGE, type Language } from './language.js';
import { MESSAGES } from './messages/index.js';

export { FALLBACK_LANGUAGE, LANGUAGES, resolveLanguage, type Language } from './language.js';

/** Every key of the catalogue: AppError, translate and each place that raises a message take this type. */
export type MessageKey = keyof typeof MESSAGES;

type Catalogue = Readonly<Record<MessageKey, string>>;

function catalogueOf(language: Language): Catalogue {
  const texts = {} as Record<MessageKey, string>;
  for (const key of Object.keys(MESSAGES) as MessageKey[]) texts[key] = MESSAGES[key][language];
  return texts;
}

export const CATALOGUES: Record<Language, Catalogue> = { 'zh-CN': catalogueOf('zh-CN'), 'zh-TW': catalogueOf('zh-TW'), en: catalogueOf('en') };

/**
 * Renders a key with {name} placeholders. The key is typed; a text that is not a key (one read from the
 * wire) goes through toMessageKey first, so an unknown key still renders as the generic failure.
 */
export function translate(key: MessageKey, language: Language, params: Record<string, string | number> = {}): string {
  const template = CATALOGUES[language][key] ?? CATALOGUES[FALLBACK_LANGUAGE][key] ?? CATALOGUES[language]['operation.failed'];
  return template.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}

/** Whether a text read from outside (a gRPC error, a stored problem) is a key of the catalogue. */
export function hasMessage(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(CATALOGUES[FALLBACK_LANGUAGE], key);
}

/** A key that arrived as text: itself when the catalogue has it, else the generic failure (what translate renders for an unknown key). */
export function toMessageKey(key: string): MessageKey {
  return hasMessage(key) ? key : 'operation.failed';
}
