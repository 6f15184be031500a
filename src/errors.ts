/**
 * Stable error codes the server throws and the web translates (locale key `errors.<CODE>`).
 * The server never sends prose; the code is the contract.
 */
export const APP_ERROR_CODES = [
  'VALIDATION',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'INTERNAL',
  'INVALID_CREDENTIALS',
  'EMAIL_NOT_CONFIRMED',
  'TOO_MANY_ATTEMPTS',
  'ACCOUNT_LOCKED',
  'TOO_MANY_MAILS',
  'TOO_MANY_SUBSCRIPTIONS',
  'TOO_MANY_CONNECTIONS',
  'INVALID_TOKEN',
  'TOKEN_EXPIRED',
  'MAIL_FAILED',
  'CROSS_ORIGIN',
  'UPLOAD_NO_FILE',
  'UPLOAD_NOT_IMAGE',
  'UPLOAD_TOO_LARGE',
  'UPLOAD_DIMENSIONS',
  'UPLOAD_FAILED',
  'UPLOAD_NOT_FOUND',
  'TOO_MANY_UPLOADS',
  'REQUEST_HANDLED',
  'CHAT_READ_ONLY',
  'EVENT_LIMIT',
  'EVENT_FULL',
  'EVENT_OWN',
  'EVENT_MAX_BELOW_ATTENDEES',
  'ACCOUNT_SUSPENDED',
  'DAILY_LIMIT',
  'DUPLICATE_MESSAGE',
  'TOO_MANY_REPORTS',
  'ALREADY_APPEALED',
  'TOO_MANY_DEVICES',
  'MISSING_SCOPE',
  'SESSION_REQUIRED',
  'TOKEN_RATE_LIMIT',
  'TOO_MANY_TOKENS',
  'EVENT_REMOVED',
  'NOTHING_TO_UNDO',
] as const;

export type AppErrorCode = (typeof APP_ERROR_CODES)[number];

/** The tRPC error code each app code travels under (decides the HTTP status). */
export const TRPC_CODE_OF: Record<
  AppErrorCode,
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'TOO_MANY_REQUESTS'
  | 'INTERNAL_SERVER_ERROR'
> = {
  VALIDATION: 'BAD_REQUEST',
  UNAUTHENTICATED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  INTERNAL: 'INTERNAL_SERVER_ERROR',
  INVALID_CREDENTIALS: 'UNAUTHORIZED',
  EMAIL_NOT_CONFIRMED: 'FORBIDDEN',
  TOO_MANY_ATTEMPTS: 'TOO_MANY_REQUESTS',
  ACCOUNT_LOCKED: 'TOO_MANY_REQUESTS',
  TOO_MANY_MAILS: 'TOO_MANY_REQUESTS',
  TOO_MANY_SUBSCRIPTIONS: 'TOO_MANY_REQUESTS',
  TOO_MANY_CONNECTIONS: 'TOO_MANY_REQUESTS',
  INVALID_TOKEN: 'BAD_REQUEST',
  TOKEN_EXPIRED: 'BAD_REQUEST',
  MAIL_FAILED: 'INTERNAL_SERVER_ERROR',
  CROSS_ORIGIN: 'FORBIDDEN',
  UPLOAD_NO_FILE: 'BAD_REQUEST',
  UPLOAD_NOT_IMAGE: 'UNSUPPORTED_MEDIA_TYPE',
  UPLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UPLOAD_DIMENSIONS: 'PAYLOAD_TOO_LARGE',
  UPLOAD_FAILED: 'INTERNAL_SERVER_ERROR',
  UPLOAD_NOT_FOUND: 'BAD_REQUEST',
  TOO_MANY_UPLOADS: 'TOO_MANY_REQUESTS',
  REQUEST_HANDLED: 'CONFLICT',
  CHAT_READ_ONLY: 'FORBIDDEN',
  EVENT_LIMIT: 'CONFLICT',
  EVENT_FULL: 'CONFLICT',
  EVENT_OWN: 'FORBIDDEN',
  EVENT_MAX_BELOW_ATTENDEES: 'BAD_REQUEST',
  ACCOUNT_SUSPENDED: 'FORBIDDEN',
  DAILY_LIMIT: 'TOO_MANY_REQUESTS',
  DUPLICATE_MESSAGE: 'TOO_MANY_REQUESTS',
  TOO_MANY_REPORTS: 'TOO_MANY_REQUESTS',
  ALREADY_APPEALED: 'CONFLICT',
  TOO_MANY_DEVICES: 'CONFLICT',
  MISSING_SCOPE: 'FORBIDDEN',
  SESSION_REQUIRED: 'FORBIDDEN',
  TOKEN_RATE_LIMIT: 'TOO_MANY_REQUESTS',
  TOO_MANY_TOKENS: 'CONFLICT',
  EVENT_REMOVED: 'FORBIDDEN',
  NOTHING_TO_UNDO: 'NOT_FOUND',
};

export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    readonly meta?: Record<string, string | number>,
    options?: { cause?: unknown },
  ) {
    super(code, options);
    this.name = 'AppError';
  }
}

export function isAppErrorCode(value: unknown): value is AppErrorCode {
  return typeof value === 'string' && (APP_ERROR_CODES as readonly string[]).includes(value);
}

/** Shape the server puts in `error.data` (see server/trpc/init.ts). */
export interface AppErrorData {
  appCode: AppErrorCode;
  meta?: Record<string, string | number>;
  /** Field → locale keys of the failed zod rules. */
  fieldErrors?: Record<string, string[]>;
}
