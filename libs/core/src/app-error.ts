import type { MessageKey } from '@bi/i18n';

export type { MessageKey };

/**
 * A failure the user should read. Services raise it with a message-catalogue key; the BFF
 * translates the key into the caller's language, so no service needs to know the language.
 */
export type ErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'throttled'
  | 'unavailable'
  | 'internal';

export const HTTP_STATUS_BY_KIND: Record<ErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  throttled: 429,
  unavailable: 503,
  internal: 500,
};

export type MessageParams = Record<string, string | number>;

export class AppError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly key: MessageKey,
    readonly params: MessageParams = {},
  ) {
    super(key);
    this.name = 'AppError';
  }

  get httpStatus(): number {
    return HTTP_STATUS_BY_KIND[this.kind];
  }

  toJSON(): { kind: ErrorKind; key: MessageKey; params: MessageParams } {
    return { kind: this.kind, key: this.key, params: this.params };
  }

  static isAppError(e: unknown): e is AppError {
    return e instanceof AppError;
  }
}
