import i18n, { currentLanguage } from '../i18n';
import { browserStorages } from '../storage/keys';
import { clearToken, readToken } from '../../modules/auth/utils/session';
import { LOGIN_PATH } from '../../modules/auth/utils/guard';

/** Envelope of most answers of the BFF. */
export interface ApiEnvelope<T> {
  status: 'success' | 'fail';
  data: T;
}

/** Error thrown for answers with status 'fail' or HTTP errors; `message` is user-facing text. */
export class ApiError extends Error {
  readonly httpStatus: number;
  readonly data: unknown;

  constructor(message: string, httpStatus: number, data?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.httpStatus = httpStatus;
    this.data = data;
  }
}

type UnauthorizedHandler = () => void;

let onUnauthorized: UnauthorizedHandler = () => {
  if (typeof window !== 'undefined' && !window.location.pathname.includes('login')) {
    window.location.assign(LOGIN_PATH);
  }
};

/** Lets the app replace the default full-page redirect with a router navigation. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface RequestOptions {
  method?: HttpMethod;
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  signal?: AbortSignal;
  /** Return the whole parsed body instead of unwrapping the {status, data} envelope. */
  raw?: boolean;
}

/** Headers every request carries: the stored token and the UI language. */
export function authHeaders(): Record<string, string> {
  const headers: Record<string, string> = { currentLanguage: currentLanguage() };
  const token = readToken(browserStorages());
  if (token) headers.authorization = token;
  return headers;
}

function withQuery(url: string, query: RequestOptions['query']): string {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const text = params.toString();
  if (!text) return url;
  return url + (url.includes('?') ? '&' : '?') + text;
}

function isEnvelope(value: unknown): value is ApiEnvelope<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    'status' in value &&
    ((value as { status: unknown }).status === 'success' || (value as { status: unknown }).status === 'fail')
  );
}

function messageOf(data: unknown, fallback: string): string {
  if (typeof data === 'string' && data) return data;
  if (data && typeof data === 'object' && 'message' in data) {
    const message = (data as { message: unknown }).message;
    if (typeof message === 'string' && message) return message;
  }
  return fallback;
}

async function parseBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * fetch wrapper for `/api/...`: adds the authorization and currentLanguage headers,
 * unwraps {status, data} (status 'fail' throws an ApiError whose message is `data`),
 * and on HTTP 401 clears the stored token and goes to the login screen.
 */
export async function request<T>(url: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, signal, raw = false } = options;
  const headers: Record<string, string> = { accept: 'application/json', ...authHeaders() };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(withQuery(url, query), { method, headers, body: payload, signal, credentials: 'same-origin' });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(i18n.t('errors.network'), 0, error);
  }

  const parsed = await parseBody(response);

  if (response.status === 401) {
    clearToken(browserStorages());
    onUnauthorized();
    throw new ApiError(messageOf(isEnvelope(parsed) ? parsed.data : parsed, i18n.t('errors.sessionExpired')), 401, parsed);
  }

  if (isEnvelope(parsed)) {
    if (parsed.status === 'fail') {
      throw new ApiError(messageOf(parsed.data, i18n.t('errors.operationFailed')), response.status, parsed.data);
    }
    if (!response.ok) {
      throw new ApiError(messageOf(parsed.data, i18n.t('errors.requestFailed', { status: response.status })), response.status, parsed.data);
    }
    return (raw ? parsed : parsed.data) as T;
  }

  if (!response.ok) {
    throw new ApiError(messageOf(parsed, i18n.t('errors.requestFailed', { status: response.status })), response.status, parsed);
  }
  return parsed as T;
}

export const http = {
  get: <T>(url: string, options?: Omit<RequestOptions, 'method' | 'body'>) => request<T>(url, { ...options, method: 'GET' }),
  post: <T>(url: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(url, { ...options, method: 'POST', body }),
  put: <T>(url: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(url, { ...options, method: 'PUT', body }),
  delete: <T>(url: string, options?: Omit<RequestOptions, 'method'>) => request<T>(url, { ...options, method: 'DELETE' }),
};
