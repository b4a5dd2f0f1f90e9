import i18n from '../i18n';
import { browserStorages } from '../storage/keys';
import { clearToken } from '../../modules/auth/utils/session';
import { ApiError, authHeaders, type HttpMethod } from './http';

/** The file name of a Content-Disposition header (RFC 5987 `filename*` first). */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() || fallback;
}

/**
 * A file the BFF writes (an .xlsx export), or its JSON `fail` answer (e.g. too many rows) thrown as an
 * ApiError with the server's text. The call needs the authorization header, so it is fetched and handed
 * back as a blob with its file name.
 */
export async function requestFile(url: string, options: { method?: HttpMethod; body?: unknown; fallbackName: string; headers?: Record<string, string> }): Promise<{ blob: Blob; fileName: string }> {
  // given headers: a call without the signed-in user's token (a public link's), whose 401 signs nobody out
  const anonymous = options.headers !== undefined;
  const headers: Record<string, string> = { ...(options.headers ?? authHeaders()) };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(url, { method: options.method ?? 'GET', headers, body: options.body === undefined ? undefined : JSON.stringify(options.body), credentials: anonymous ? 'omit' : 'same-origin' });
  } catch (error) {
    throw new ApiError(i18n.t('errors.network'), 0, error);
  }
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || type.includes('json')) {
    const text = await response.text();
    let message = '';
    try {
      const parsed = JSON.parse(text) as { data?: unknown };
      if (typeof parsed.data === 'string') message = parsed.data;
    } catch {
      message = '';
    }
    if (response.status === 401 && !anonymous) clearToken(browserStorages());
    throw new ApiError(message || i18n.t('errors.requestFailed', { status: response.status }), response.status, text);
  }
  const blob = await response.blob();
  return { blob, fileName: fileNameOf(response.headers.get('content-disposition'), options.fallbackName) };
}

/** Saves a blob under a file name through a temporary link. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
