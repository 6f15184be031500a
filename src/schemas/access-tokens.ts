import { z } from 'zod';
import { LIMITS } from '../limits';
import { TOKEN_SCOPES } from '../domain/access-tokens';
import { idSchema } from './common';
import { ONE_LINE_MESSAGE, oneLine } from './text';

export const tokenCreateInput = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'validation.tokenNameRequired')
    .max(LIMITS.accessToken.nameMax, 'validation.tokenNameTooLong')
    .refine(oneLine, ONE_LINE_MESSAGE),
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

/** What the owner sees of a token: never the token or its hash, only its last four characters. */
export const accessTokenView = z.object({
  id: z.string(),
  name: z.string(),
  hint: z.string(),
  scopes: z.array(z.enum(TOKEN_SCOPES)),
  expiresAt: z.date(),
  lastUsedAt: z.date().nullable(),
  createdAt: z.date(),
});

/** A new token: the listed view and the token itself, shown this once. */
export const createdAccessTokenView = accessTokenView.extend({ token: z.string() });
