import './shared/i18n';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import i18n from './shared/i18n';
import { EmbedPage, type EmbedSettings } from './modules/embed/components/EmbedPage';
import { browserLanguage } from './modules/public-links/utils/language';
import { isLanguage } from './shared/i18n/language';

/**
 * The embed pages' entry (embed.html, served by the BFF at /embed/chart/{id} and /embed/dashboard/{id} with
 * their CSP; docs/api/embedding.md): no product shell and no stored session, the viewer's browser language,
 * the theme and the token from the address's fragment (removed from the address at once) or the host's messages.
 */
const body = document.body;
const hash = new URLSearchParams(window.location.hash.slice(1));
if (window.location.hash) history.replaceState(null, '', window.location.pathname);
let origins: string[] = [];
try {
  const parsed = JSON.parse(body.dataset.origins ?? '[]') as unknown;
  origins = Array.isArray(parsed) ? parsed.filter((o): o is string => typeof o === 'string') : [];
} catch {
  // none allowed
}
const settings: EmbedSettings = {
  kind: body.dataset.kind === 'dashboard' ? 'dashboard' : 'chart',
  id: body.dataset.id ?? '',
  origins,
  token: hash.get('token'),
  theme: hash.get('theme') === 'dark' ? 'dark' : 'light',
};
// the BFF wrote the viewer's language (from the request's Accept-Language) on <html lang>; the browser's own list otherwise
const written = document.documentElement.lang;
const language = isLanguage(written) ? written : browserLanguage(navigator.languages ?? [navigator.language]);
void i18n.changeLanguage(language);

const container = document.getElementById('bi-embed-root');
if (!container) throw new Error('Missing #bi-embed-root element');
createRoot(container).render(
  <StrictMode>
    <EmbedPage settings={settings} language={language} />
  </StrictMode>,
);
