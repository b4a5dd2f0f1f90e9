/**
 * The page's first script (the build writes it inline at the top of index.html's head, vite.config.ts
 * bootScript, so it runs while the document is parsed, before the app's scripts are fetched): when the page
 * opens a dashboard with nothing picked in its URL (firstScreenDashboard) and a session token is
 * stored, it asks the BFF to compute the dashboard's first screen now — POST
 * /api/dashboard/first_screen/dashboard/{id} (docs/api/chart.md "First screen") — while the app's
 * scripts are fetched and compiled. The app then sends its own batch run as always and finds the
 * answers kept by the BFF (or still being computed: it waits for them); nothing is adopted from here,
 * so what the app shows is what it asks for. Fire and forget: a failure leaves the app's own run.
 */
import { readToken } from './modules/auth/utils/session';
import { firstScreenDashboard, SEEN_MARGIN_PX } from './modules/dashboard/utils/layout';
import { storedLanguage } from './shared/i18n/language';
import { browserStorages } from './shared/storage/keys';

function startFirstScreen(): void {
  const dashboardId = firstScreenDashboard(window.location.pathname, window.location.search);
  const token = readToken(browserStorages());
  if (!dashboardId || !token) return;
  // the headers of every call of the app (shared/api/http.ts authHeaders)
  void fetch(`/api/dashboard/first_screen/dashboard/${encodeURIComponent(dashboardId)}`, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json', authorization: token, currentLanguage: storedLanguage() },
    body: JSON.stringify({ height: window.innerHeight + SEEN_MARGIN_PX }),
    credentials: 'same-origin',
  }).catch(() => undefined);
}

try {
  startFirstScreen();
} catch {
  // storage or fetch unavailable: the app runs as without this script
}
