import { appErrorOf } from '../../lib/errors';

/**
 * Locale key when the e-mailed link itself is bad (unknown, used, expired or malformed token), null for
 * other failures such as a lost connection.
 */
export function tokenErrorKey(error: unknown): string | null {
  const app = appErrorOf(error);
  if (app?.appCode === 'TOKEN_EXPIRED') return 'errors.TOKEN_EXPIRED';
  if (app?.appCode === 'INVALID_TOKEN' || (app?.appCode === 'VALIDATION' && app.fieldErrors?.token))
    return 'errors.INVALID_TOKEN';
  return null;
}
