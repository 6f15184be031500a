import { z } from 'zod';
import { LIMITS } from '../limits';
import { idSchema } from './common';

/**
 * What a personal access token may do (issue 22). `read`: queries and subscriptions; `write`: mutations;
 * `chat`: the chats router (list, messages, send, live messages); `admin`: the admin procedures (admins only).
 */
export const TOKEN_SCOPES = ['read', 'write', 'chat', 'admin'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** Every personal access token starts with this, so a leaked one is recognisable (and never a session). */
export const ACCESS_TOKEN_PREFIX = 'tacke_pat_';

export const tokenCreateInput = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'validation.tokenNameRequired')
    .max(LIMITS.accessToken.nameMax, 'validation.tokenNameTooLong'),
  scopes: z
    .array(z.enum(TOKEN_SCOPES, 'validation.tokenScopesRequired'))
    .min(1, 'validation.tokenScopesRequired')
    .max(TOKEN_SCOPES.length, 'validation.tokenScopesRequired')
    .transform((scopes) => TOKEN_SCOPES.filter((scope) => scopes.includes(scope))),
  /** Days from now; one of LIMITS.accessToken.expiryDays. */
  expiresInDays: z.literal(LIMITS.accessToken.expiryDays, 'validation.tokenExpiryInvalid'),
});

export const tokenIdInput = z.object({ id: idSchema });

export type TokenCreateInput = z.input<typeof tokenCreateInput>;
