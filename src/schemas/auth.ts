import { z } from 'zod';
import { COMMON_PASSWORDS } from '../data/common-passwords';
import { LOCALES } from '../i18n';
import { TERMS_VERSION_PATTERN } from '../domain/terms';
import { LIMITS } from '../limits';
import { ONE_LINE_MESSAGE, oneLine } from './text';

/** An admin posts announcements (SPEC §7); everyone else is a user. */
export const USER_ROLES = ['user', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/**
 * Auth inputs. Each rule's message is a locale key, so the server's zod errors and the web forms
 * show the same translated text.
 */
export const emailSchema = z
  .string()
  .trim()
  .min(1, 'validation.emailRequired')
  .max(LIMITS.email.max, 'validation.emailInvalid')
  .pipe(z.email('validation.emailInvalid'))
  .transform((email) => email.toLowerCase());

export const newPasswordSchema = z
  .string()
  .min(LIMITS.password.min, 'validation.passwordTooShort')
  .max(LIMITS.password.max, 'validation.passwordTooLong')
  .refine((password) => !COMMON_PASSWORDS.has(password.toLowerCase()), 'validation.passwordTooCommon');

export const fullNameSchema = z
  .string()
  .trim()
  .min(1, 'validation.fullNameRequired')
  .max(LIMITS.fullName.max, 'validation.fullNameTooLong')
  .refine(oneLine, ONE_LINE_MESSAGE);

/** The version of the terms the user was shown and accepted (src/domain/terms.ts). */
export const termsVersionSchema = z.string().regex(TERMS_VERSION_PATTERN, 'validation.termsVersionInvalid');

export const signUpInput = z.object({
  fullName: fullNameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  dogName: z
    .string()
    .trim()
    .max(LIMITS.dogName.max, 'validation.dogNameTooLong')
    .refine(oneLine, ONE_LINE_MESSAGE)
    .optional()
    .transform((name) => (name ? name : undefined)),
  /** Language of the confirmation e-mail. */
  locale: z.enum(LOCALES).optional(),
  /**
   * The terms accepted with the sign-up (the web app never signs up without them); recorded on the account.
   * A script that leaves it out makes an account that is asked to accept them at its first visit.
   */
  termsVersion: termsVersionSchema.optional(),
});

/** A signed-in user accepts the terms (the notice, the dialog): recorded on the account. */
export const acceptTermsInput = z.object({ termsVersion: termsVersionSchema });

const passwordSchema = z
  .string()
  .min(1, 'validation.passwordRequired')
  .max(LIMITS.password.max, 'validation.passwordTooLong');

/**
 * Scripts ask for the session token in the answer; browsers get only the HttpOnly cookie, so a script
 * injected into a page could never read a session from an answer.
 */
const returnToken = z.boolean().optional();

export const signInInput = z.object({
  email: emailSchema,
  password: passwordSchema,
  /** Language of a new confirmation e-mail, should the old link have run out. */
  locale: z.enum(LOCALES).optional(),
  returnToken,
});

export const requestPasswordResetInput = z.object({ email: emailSchema, locale: z.enum(LOCALES).optional() });

/** Tokens are 32 base32 characters; anything else cannot be one of ours. */
export const tokenSchema = z.string().regex(/^[a-z2-7]{32}$/, 'errors.INVALID_TOKEN');

/** The password chosen at sign-up: the link alone would activate whatever password its requester planted. */
export const confirmEmailInput = z.object({ token: tokenSchema, password: passwordSchema, returnToken });
export const resetPasswordInput = z.object({ token: tokenSchema, password: newPasswordSchema, returnToken });

// ── Answers ────────────────────────────────────────────────────────────────────────────────────

/** The signed-in user as `auth.me` answers it (and sign-in, so clients show the user at once). */
export const meView = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(USER_ROLES),
  fullName: z.string(),
  createdAt: z.date(),
  /** The dog named at sign-up (SPEC §3 sign-up metadata): the add-dog form starts with it. */
  signupDogName: z.string().nullable(),
  /** The language pushes and e-mails are written in (the app sends its own, notifySettings.setLocale). */
  locale: z.string(),
  /** Whether the account accepted the terms in force (src/domain/terms.ts); the web app asks until it has. */
  termsAccepted: z.boolean(),
  /** When the account last accepted the terms (whichever version), or null. */
  termsAcceptedAt: z.date().nullable(),
});
export type Me = z.infer<typeof meView>;

/** A new session: the user, and its token only for scripts that asked (`returnToken`); browsers get a cookie. */
export const signedInView = z.object({ user: meView, token: z.string().nullable() });

/** A sign-up's answer, the same for any address. */
export const signUpView = z.object({ email: z.string() });
