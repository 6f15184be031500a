import type { FastifyBaseLogger } from 'fastify';
import { and, count, eq, gt, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../src/errors';
import { DEFAULT_LOCALE, type Locale } from '../../src/i18n';
import { LIMITS } from '../../src/limits';
import type {
  requestPasswordResetInput,
  resetPasswordInput,
  signInInput,
  signUpInput,
} from '../../src/schemas/auth';
import { renderMail } from '../auth/mail-templates';
import type { Mailer } from '../auth/mailer';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { createSession, invalidateUserSessions } from '../auth/sessions';
import type { Bus } from '../realtime/bus';
import { announceSessionsEnded } from '../realtime/sessions';
import { generateToken, hashToken } from '../auth/tokens';
import type { Db, DbOrTx } from '../db/client';
import { emailTokens, profiles, signInFailures, users } from '../db/schema';

export interface AuthDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  adminEmails: string[];
  log: FastifyBaseLogger;
  bus: Bus;
}

export interface SignedIn {
  /** The same shape `auth.me` returns, so clients can show the signed-in user at once. */
  user: Me;
  token: string;
  expiresAt: Date;
}

type TokenKind = 'confirm' | 'reset';

const TOKEN_LIFETIME_MS = {
  confirm: LIMITS.confirmTokenHours * 3_600_000,
  reset: LIMITS.resetTokenMinutes * 60_000,
} as const;

const LINK_PATH = { confirm: '/email-confirmed', reset: '/reset-password' } as const;

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause)
    if ((e as { code?: unknown }).code === '23505') return true;
  return false;
}

/** Store a new confirm or reset token (hashed) and return the link that carries it. */
async function issueToken(tx: DbOrTx, deps: AuthDeps, userId: string, kind: TokenKind): Promise<string> {
  const token = generateToken();
  await tx.insert(emailTokens).values({
    tokenHash: hashToken(token),
    userId,
    kind,
    expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS[kind]),
  });
  return `${deps.publicUrl}${LINK_PATH[kind]}?token=${token}`;
}

/** Mail a link. Called after the transaction commits: a slow mail server must not hold the database. */
async function sendLink(
  deps: AuthDeps,
  opts: { email: string; name: string; kind: TokenKind; locale: Locale; link: string },
) {
  const hours = Math.max(1, Math.round(TOKEN_LIFETIME_MS[opts.kind] / 3_600_000));
  const { subject, text } = renderMail(opts.kind, opts.locale, { name: opts.name, link: opts.link, hours });
  try {
    await deps.mailer.send({ to: opts.email, subject, text, link: opts.link });
  } catch (cause) {
    deps.log.error({ err: cause, kind: opts.kind }, 'sending mail failed');
    throw new AppError('MAIL_FAILED', undefined, { cause });
  }
}

/** Mark a token used and return its user; a token works once, before it expires. */
async function consumeToken(tx: DbOrTx, token: string, kind: TokenKind): Promise<string> {
  const [row] = await tx
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(emailTokens.tokenHash, hashToken(token)),
        eq(emailTokens.kind, kind),
        isNull(emailTokens.usedAt),
      ),
    )
    .returning({ userId: emailTokens.userId, expiresAt: emailTokens.expiresAt });
  if (!row) throw new AppError('INVALID_TOKEN');
  if (row.expiresAt.getTime() <= Date.now()) throw new AppError('TOKEN_EXPIRED');
  return row.userId;
}

/**
 * A new account, unconfirmed until its link is opened. An earlier unconfirmed account for the same address
 * is replaced: only the mailbox's owner can finish sign-up, so nobody can squat on an address or plant a
 * password on it.
 */
export async function signUp(
  deps: AuthDeps,
  input: z.output<typeof signUpInput>,
  locale: Locale = DEFAULT_LOCALE,
): Promise<{ email: string }> {
  const passwordHash = await hashPassword(input.password);
  let created: { userId: string; link: string };
  try {
    created = await deps.db.transaction(async (tx) => {
      await tx.delete(users).where(and(eq(users.email, input.email), isNull(users.emailVerifiedAt)));
      const [user] = await tx
        .insert(users)
        .values({ email: input.email, passwordHash, signupDogName: input.dogName ?? null })
        .returning({ id: users.id });
      if (!user) throw new AppError('INTERNAL');
      await tx.insert(profiles).values({ userId: user.id, fullName: input.fullName });
      return { userId: user.id, link: await issueToken(tx, deps, user.id, 'confirm') };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('EMAIL_TAKEN');
    throw error;
  }
  try {
    await sendLink(deps, {
      email: input.email,
      name: input.fullName,
      kind: 'confirm',
      locale,
      link: created.link,
    });
  } catch (error) {
    // Without its mail the account could never be confirmed: take it back.
    await deps.db.delete(users).where(eq(users.id, created.userId));
    throw error;
  }
  return { email: input.email };
}

async function startSession(db: DbOrTx, userId: string): Promise<SignedIn> {
  const user = await me(db, userId);
  if (!user) throw new AppError('INVALID_TOKEN');
  const session = await createSession(db, userId);
  await db.update(profiles).set({ lastActive: new Date() }).where(eq(profiles.userId, userId));
  return { user, ...session };
}

/** The address is proven: mark it confirmed, give ADMIN_EMAILS their role, drop the other links. */
async function markConfirmed(tx: DbOrTx, deps: AuthDeps, userId: string, keepKind?: TokenKind) {
  const [user] = await tx
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
    .where(eq(users.id, userId))
    .returning({ email: users.email });
  if (user && deps.adminEmails.includes(user.email))
    await tx.update(users).set({ role: 'admin' }).where(eq(users.id, userId));
  await tx
    .delete(emailTokens)
    .where(
      and(
        eq(emailTokens.userId, userId),
        keepKind ? ne(emailTokens.kind, keepKind) : undefined,
        isNull(emailTokens.usedAt),
      ),
    );
  return user;
}

/** Confirming the address signs the user in, so the landing page can greet them. */
export async function confirmEmail(deps: AuthDeps, token: string): Promise<SignedIn> {
  return deps.db.transaction(async (tx) => {
    const userId = await consumeToken(tx, token, 'confirm');
    await markConfirmed(tx, deps, userId, 'reset');
    return startSession(tx, userId);
  });
}

/** A confirmation link has run out unused: the right password earns a new one (never more than one live). */
async function resendConfirmation(deps: AuthDeps, userId: string, email: string, locale: Locale) {
  const resend = await deps.db.transaction(async (tx) => {
    const [live] = await tx
      .select({ id: emailTokens.id })
      .from(emailTokens)
      .where(
        and(
          eq(emailTokens.userId, userId),
          eq(emailTokens.kind, 'confirm'),
          isNull(emailTokens.usedAt),
          gt(emailTokens.expiresAt, new Date()),
        ),
      );
    if (live) return null;
    const [profile] = await tx
      .select({ fullName: profiles.fullName })
      .from(profiles)
      .where(eq(profiles.userId, userId));
    return { name: profile?.fullName ?? '', link: await issueToken(tx, deps, userId, 'confirm') };
  });
  if (resend) await sendLink(deps, { email, kind: 'confirm', locale, ...resend });
}

/**
 * Failed sign-ins are limited per address. Each attempt is recorded before the (slow) password check and
 * counted with it, so attempts made in parallel count too; a right password clears the record.
 */
export async function signIn(
  deps: AuthDeps,
  input: z.output<typeof signInInput>,
  locale: Locale = DEFAULT_LOCALE,
): Promise<SignedIn> {
  const since = new Date(Date.now() - LIMITS.signIn.windowMinutes * 60_000);
  const [attempt] = await deps.db
    .insert(signInFailures)
    .values({ email: input.email })
    .returning({ id: signInFailures.id });
  const [recent] = await deps.db
    .select({ n: count() })
    .from(signInFailures)
    .where(and(eq(signInFailures.email, input.email), gt(signInFailures.createdAt, since)));
  if ((recent?.n ?? 0) > LIMITS.signIn.perAddressAndClient)
    throw new AppError('TOO_MANY_ATTEMPTS', { minutes: LIMITS.signIn.windowMinutes });

  const [user] = await deps.db
    .select({ id: users.id, passwordHash: users.passwordHash, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.email, input.email));
  const ok = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !ok) throw new AppError('INVALID_CREDENTIALS');
  if (!user.emailVerifiedAt) {
    await deps.db.delete(signInFailures).where(eq(signInFailures.id, attempt!.id));
    await resendConfirmation(deps, user.id, input.email, locale);
    throw new AppError('EMAIL_NOT_CONFIRMED');
  }
  return deps.db.transaction(async (tx) => {
    await tx.delete(signInFailures).where(eq(signInFailures.email, input.email));
    return startSession(tx, user.id);
  });
}

/**
 * Same answer whether or not the address has an account, and whether or not the mail could be sent (a
 * failure is logged), so the answer never tells who has an account. Earlier unused reset links stop working.
 */
export async function requestPasswordReset(
  deps: AuthDeps,
  input: z.output<typeof requestPasswordResetInput>,
  locale: Locale = DEFAULT_LOCALE,
): Promise<void> {
  const [user] = await deps.db
    .select({ id: users.id, passwordHash: users.passwordHash, fullName: profiles.fullName })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.email, input.email));
  if (!user?.passwordHash) return;
  const link = await deps.db.transaction(async (tx) => {
    await tx
      .delete(emailTokens)
      .where(and(eq(emailTokens.userId, user.id), eq(emailTokens.kind, 'reset'), isNull(emailTokens.usedAt)));
    return issueToken(tx, deps, user.id, 'reset');
  });
  await sendLink(deps, { email: input.email, name: user.fullName ?? '', kind: 'reset', locale, link }).catch(
    () => {},
  );
}

/** New password; every session and every other link ends. The link proves the address, so it counts as
 * confirmed. */
export async function resetPassword(
  deps: AuthDeps,
  input: z.output<typeof resetPasswordInput>,
): Promise<SignedIn> {
  const passwordHash = await hashPassword(input.password);
  const signedIn = await deps.db.transaction(async (tx) => {
    const userId = await consumeToken(tx, input.token, 'reset');
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    const user = await markConfirmed(tx, deps, userId);
    await invalidateUserSessions(tx, userId);
    if (user) await tx.delete(signInFailures).where(eq(signInFailures.email, user.email));
    return startSession(tx, userId);
  });
  await announceSessionsEnded(deps.bus, signedIn.user.id);
  return signedIn;
}

export interface Me {
  id: string;
  email: string;
  role: 'user' | 'admin';
  fullName: string;
  createdAt: Date;
}

export async function me(db: DbOrTx, userId: string): Promise<Me | null> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      fullName: profiles.fullName,
      createdAt: users.createdAt,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  return row ?? null;
}

/** Give the admin role to these addresses once confirmed (ADMIN_EMAILS at start-up, `npm run admin -- grant`). */
export async function grantAdmin(db: DbOrTx, emails: string[]): Promise<string[]> {
  if (!emails.length) return [];
  const rows = await db
    .update(users)
    .set({ role: 'admin' })
    .where(
      and(
        inArray(
          users.email,
          emails.map((email) => email.toLowerCase()),
        ),
        isNotNull(users.emailVerifiedAt),
      ),
    )
    .returning({ email: users.email });
  return rows.map((row) => row.email);
}
