import { resolveLanguage, type Language } from '@bi/i18n';

/** The spec's currentLanguage header (Node lowercases header names). */
export function requestLanguage(req: { headers: Record<string, string | string[] | undefined> }): Language {
  return resolveLanguage(req.headers['currentlanguage']);
}
