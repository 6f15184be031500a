import type { FastifyBaseLogger } from 'fastify';
import { and, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { acceptsCurrentTerms } from '#shared/domain/terms';
import { AppError } from '#shared/errors';
import { DEFAULT_LOCALE, type Locale } from '#shared/i18n';
import { LIMITS } from '#shared/limits';
import type {
  confirmEmailInput,
  Me,
  requestPasswordResetInput,
  resetPasswordInput,
  signInInput,
  signUpInput,
} from '#shared/schemas/auth';
import { endUnusedTokens, reserveEmailToken, type TokenKind } from '../../auth/email-tokens';
import { hashPassword, inPasswordQueue, verifyPassword } from '../../auth/passwords';
import type { DeviceCookies } from '../../auth/device-cookies';
import { createSession, invalidateUserSessions } from '../../auth/sessions';
import type { Bus } from '../../realtime/bus';
import { announceSessionsEnded } from '../../realtime/sessions';
import { hashToken } from '../../auth/tokens';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { emailTokens, profiles, users } from '../../db/schema';
import { transact } from '../../db/transact';
import type { Background } from '../../background';
import type { Jobs } from '../../jobs/queue';
import { queueMail } from '../delivery/mail-delivery';
import { clearBuckets, type RateWindow, releaseHits, takeSlot } from '../rate-limit';

export interface AuthDeps {
  db: Db;
  jobs: Jobs;
  publicUrl: string;
  adminEmails: string[];
  log: FastifyBaseLogger;
  bus: Bus;
  background: Background;
  /** The caller's address key (per-client limits). */
  client: string;
  devices: DeviceCookies;
  /** The caller's device cookie: a browser that signed in to an account before is limited on its own. */
  deviceCookie: string | null;
}

export interface SignedIn {
  /** The same shape `auth.me` returns, so clients can show the signed-in user at once. */
  user: Me;
  token: string;
  expiresAt: Date;
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause)
    if ((e as { code?: unknown }).code === '23505') return true;
  return false;
}

/** Account e-mails asked for, per address and per client (whether or not one is sent, so counts tell nothing). */
const mailWindows = (email: string, client: string): RateWindow[] => [
  { bucket: `mail:to:${email}`, max: LIMITS.mail.perAddressPerHour, minutes: 60 },
  { bucket: `mail:from:${client}`, max: LIMITS.mail.perClientPerHour, minutes: 60 },
];

/**
 * Failed password checks of an untrusted client: per address and client, per client, per address (see
 * LIMITS.signIn).
 */
const signInWindows = (email: string, client: string): RateWindow[] => [
  {
    bucket: `${pairPrefix(email)}${client}`,
    max: LIMITS.signIn.perAddressAndClient,
    minutes: LIMITS.signIn.windowMinutes,
  },
  { bucket: `signin:from:${client}`, max: LIMITS.signIn.perClient, minutes: LIMITS.signIn.windowMinutes },
  { bucket: `signin:to:${email}`, max: LIMITS.signIn.perAddress, minutes: LIMITS.signIn.windowMinutes },
];
/** An address cannot hold a space, so the pair buckets of one address share this prefix. */
const pairPrefix = (email: string) => `signin:pair:${email} `;

/** Forgets an address's failed sign-ins from every client: a proven mailbox lifts its lock. */
function clearSignInFailures(db: DbOrTx, email: string) {
  return clearBuckets(db, [`signin:to:${email}`], [pairPrefix(email)]);
}

/** Forgets every count kept under an address (a deleted account). */
export function forgetAddress(db: DbOrTx, email: string) {
  return clearBuckets(db, [`signin:to:${email}`, `mail:to:${email}`], [pairPrefix(email)]);
}

async function takeMailSlot(deps: AuthDeps, email: string) {
  const { full } = await takeSlot(deps.db, mailWindows(email, deps.client));
  if (full) throw new AppError('TOO_MANY_MAILS', { minutes: full.minutes });
}

/**
 * Counts a password check before it runs (so parallel guesses count too); refused while a window is full.
 * Returns the hits, to take back when the password was right. A browser that signed in to this address
 * before (its device cookie) is limited on its own and never locked by other clients' failures; once it has
 * used up its own window it is an untrusted client like any other.
 */
async function takeSignInSlot(deps: AuthDeps, email: string): Promise<string[]> {
  const device = deps.devices.trusted(deps.deviceCookie, email);
  if (device) {
    const { full, hitIds } = await takeSlot(deps.db, [
      {
        bucket: `signin:device:${device}`,
        max: LIMITS.signIn.perDevice,
        minutes: LIMITS.signIn.windowMinutes,
      },
    ]);
    if (!full) return hitIds;
  }
  const { full, hitIds } = await takeSlot(deps.db, signInWindows(email, deps.client));
  if (!full) return hitIds;
  // Only many clients together lock the address itself; one client is slowed down alone.
  const code = full.bucket.startsWith('signin:to:') ? 'ACCOUNT_LOCKED' : 'TOO_MANY_ATTEMPTS';
  throw new AppError(code, { minutes: full.minutes });
}

/**
 * An account e-mail, queued with what asks for it (services/delivery/mail-delivery.ts: retried until the mail server
 * takes it; its link made when it is sent). A new confirm or reset request ends the earlier unused links of
 * its kind.
 */
async function mailAccount(
  deps: AuthDeps,
  tx: Tx,
  {
    userId,
    ...mail
  }: { to: string; kind: 'confirm' | 'reset' | 'pending' | 'exists'; locale: Locale; userId?: string },
) {
  if (!userId || mail.kind === 'exists') return void (await queueMail(deps.jobs, tx, mail));
  const kind = mail.kind === 'confirm' ? 'confirm' : 'reset';
  await endUnusedTokens(tx, userId, kind);
  await queueMail(deps.jobs, tx, { ...mail, tokenId: await reserveEmailToken(tx, userId, kind) });
}

/**
 * A new account, unconfirmed until its owner opens the link and gives the password chosen here. The answer is
 * the same whatever the address's state, and the state is read after it has gone (so its timing tells
 * nothing either): a confirmed address is told by mail that it has an account; an unconfirmed one is never
 * replaced (no planted password, no squatting) but gets a link to choose the password itself.
 */
export async function signUp(
  deps: AuthDeps,
  input: z.output<typeof signUpInput>,
  locale: Locale = DEFAULT_LOCALE,
): Promise<{ email: string }> {
  await takeMailSlot(deps, input.email);
  // The terms were accepted when the form was sent, not when the account row is written after the answer.
  const termsAcceptedAt = input.termsVersion ? new Date() : null;
  const passwordHash = await inPasswordQueue(() => hashPassword(input.password));
  deps.background.run('sign-up', () => finishSignUp(deps, input, passwordHash, locale, termsAcceptedAt));
  return { email: input.email };
}

async function finishSignUp(
  deps: AuthDeps,
  input: z.output<typeof signUpInput>,
  passwordHash: string,
  locale: Locale,
  termsAcceptedAt: Date | null,
) {
  const [existing] = await deps.db
    .select({ id: users.id, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.email, input.email));
  const to = input.email;
  if (existing?.emailVerifiedAt)
    return transact(deps.db, (tx) => mailAccount(deps, tx, { to, kind: 'exists', locale }));
  if (existing)
    return transact(deps.db, (tx) =>
      mailAccount(deps, tx, { to, kind: 'pending', locale, userId: existing.id }),
    );
  try {
    // The account and its confirmation mail commit together: no account waits for a mail never queued.
    await transact(deps.db, async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email: input.email,
          passwordHash,
          signupDogName: input.dogName ?? null,
          locale,
          termsAcceptedAt,
          termsVersion: input.termsVersion ?? null,
        })
        .returning({ id: users.id });
      if (!user) throw new AppError('INTERNAL');
      await tx.insert(profiles).values({ userId: user.id, fullName: input.fullName });
      await mailAccount(deps, tx, { to, kind: 'confirm', locale, userId: user.id });
    });
  } catch (error) {
    if (isUniqueViolation(error)) return; // a sign-up of the same address in parallel made it first
    throw error;
  }
}

async function startSession(db: DbOrTx, userId: string): Promise<SignedIn> {
  const user = await me(db, userId);
  if (!user) throw new AppError('INVALID_TOKEN');
  await refuseSuspended(db, userId);
  const session = await createSession(db, userId);
  await db.update(profiles).set({ lastActive: new Date() }).where(eq(profiles.userId, userId));
  return { user, ...session };
}

/**
 * A moderator suspended or banned the account (issue 18): no new session, whatever proves the password or the
 * mailbox. The answer says until when (`until`, ISO), or 'ban'.
 */
async function refuseSuspended(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ suspendedUntil: users.suspendedUntil, bannedAt: users.bannedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (row?.bannedAt) throw new AppError('ACCOUNT_SUSPENDED', { until: 'ban' });
  if (row?.suspendedUntil && row.suspendedUntil.getTime() > Date.now())
    throw new AppError('ACCOUNT_SUSPENDED', { until: row.suspendedUntil.toISOString() });
}

/** The address is proven: mark it confirmed, give ADMIN_EMAILS their role, drop the other links. */
async function markConfirmed(tx: DbOrTx, deps: AuthDeps, userId: string) {
  const [user] = await tx
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
    .where(eq(users.id, userId))
    .returning({ email: users.email });
  if (user && deps.adminEmails.includes(user.email))
    await tx.update(users).set({ role: 'admin' }).where(eq(users.id, userId));
  await tx.delete(emailTokens).where(and(eq(emailTokens.userId, userId), isNull(emailTokens.usedAt)));
  return user;
}

/**
 * The link proves the mailbox; the password proves the one who opens it chose the account's password, so a
 * password somebody else planted at sign-up is never activated. A wrong password leaves the link usable.
 */
export async function confirmEmail(
  deps: AuthDeps,
  input: z.output<typeof confirmEmailInput>,
): Promise<SignedIn> {
  const tokenHash = hashToken(input.token);
  const [pending] = await deps.db
    .select({
      userId: users.id,
      email: users.email,
      passwordHash: users.passwordHash,
      expiresAt: emailTokens.expiresAt,
    })
    .from(emailTokens)
    .innerJoin(users, eq(users.id, emailTokens.userId))
    .where(
      and(eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.kind, 'confirm'), isNull(emailTokens.usedAt)),
    );
  if (!pending) throw new AppError('INVALID_TOKEN');
  if (pending.expiresAt.getTime() <= Date.now()) throw new AppError('TOKEN_EXPIRED');
  const hits = await takeSignInSlot(deps, pending.email);
  if (!(await inPasswordQueue(() => verifyPassword(pending.passwordHash, input.password))))
    throw new AppError('INVALID_CREDENTIALS');
  await releaseHits(deps.db, hits);
  return deps.db.transaction(async (tx) => {
    const [used] = await tx
      .update(emailTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(emailTokens.tokenHash, tokenHash), isNull(emailTokens.usedAt)))
      .returning({ id: emailTokens.id });
    if (!used) throw new AppError('INVALID_TOKEN'); // opened twice at once: the other one won
    await markConfirmed(tx, deps, pending.userId);
    return startSession(tx, pending.userId);
  });
}

/** A confirmation link has run out unused: the right password earns a new one (never more than one live). */
async function resendConfirmation(deps: AuthDeps, userId: string, email: string, locale: Locale) {
  await transact(deps.db, async (tx) => {
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
    if (!live) await mailAccount(deps, tx, { to: email, kind: 'confirm', locale, userId });
  });
}

/**
 * Sign-in with the password; failures are limited per address and client, per client and per address. The
 * whole of it waits its turn in the password queue (see passwords.ts), its database work included, so a storm
 * of sign-ins never fills the pool that every other call needs.
 */
export function signIn(
  deps: AuthDeps,
  input: z.output<typeof signInInput>,
  locale: Locale = DEFAULT_LOCALE,
): Promise<SignedIn> {
  return inPasswordQueue(() => signInNow(deps, input, locale));
}

async function signInNow(
  deps: AuthDeps,
  input: z.output<typeof signInInput>,
  locale: Locale,
): Promise<SignedIn> {
  const hits = await takeSignInSlot(deps, input.email);
  const [user] = await deps.db
    .select({ id: users.id, passwordHash: users.passwordHash, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.email, input.email));
  const ok = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !ok) throw new AppError('INVALID_CREDENTIALS');
  await releaseHits(deps.db, hits);
  if (!user.emailVerifiedAt) {
    await resendConfirmation(deps, user.id, input.email, locale);
    throw new AppError('EMAIL_NOT_CONFIRMED');
  }
  return deps.db.transaction(async (tx) => {
    // The owner's own typos from this client are forgiven; other clients' failures still count.
    await clearBuckets(tx, [signInWindows(input.email, deps.client)[0]!.bucket]);
    // Pushes and e-mails speak the language the owner signs in with.
    await tx.update(users).set({ locale }).where(eq(users.id, user.id));
    return startSession(tx, user.id);
  });
}

/**
 * The same answer, as fast, whether or not the address has an account: the lookup and the mail run after
 * the answer has gone. Earlier unused reset links stop working.
 */
export async function requestPasswordReset(
  deps: AuthDeps,
  input: z.output<typeof requestPasswordResetInput>,
  locale: Locale = DEFAULT_LOCALE,
): Promise<void> {
  await takeMailSlot(deps, input.email);
  deps.background.run('password reset', async () => {
    const [user] = await deps.db
      .select({ id: users.id, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.email, input.email));
    // Demo accounts have no password and cannot get one.
    if (!user?.passwordHash) return;
    await transact(deps.db, (tx) =>
      mailAccount(deps, tx, { to: input.email, kind: 'reset', locale, userId: user.id }),
    );
  });
}

/**
 * New password; every session and every other link ends. The link proves the address, so it counts as
 * confirmed, and lifts a lock that other clients' failed sign-ins put on it.
 */
export async function resetPassword(
  deps: AuthDeps,
  input: z.output<typeof resetPasswordInput>,
): Promise<SignedIn> {
  const passwordHash = await inPasswordQueue(() => hashPassword(input.password));
  const signedIn = await deps.db.transaction(async (tx) => {
    const userId = await consumeToken(tx, input.token, 'reset');
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    const user = await markConfirmed(tx, deps, userId);
    await invalidateUserSessions(tx, userId);
    if (user) await clearSignInFailures(tx, user.email);
    return startSession(tx, userId);
  });
  await announceSessionsEnded(deps.bus, signedIn.user.id);
  return signedIn;
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

export async function me(db: DbOrTx, userId: string): Promise<Me | null> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      fullName: profiles.fullName,
      createdAt: users.createdAt,
      signupDogName: users.signupDogName,
      locale: users.locale,
      termsAcceptedAt: users.termsAcceptedAt,
      termsVersion: users.termsVersion,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) return null;
  const { termsVersion, ...user } = row;
  return { ...user, termsAccepted: acceptsCurrentTerms(termsVersion) };
}

/** The signed-in user accepts the terms of `version` (the notice or the dialog): kept on the account. */
export async function acceptTerms(db: DbOrTx, userId: string, version: string): Promise<Me> {
  await db
    .update(users)
    .set({ termsAcceptedAt: new Date(), termsVersion: version })
    .where(eq(users.id, userId));
  const user = await me(db, userId);
  if (!user) throw new AppError('NOT_FOUND');
  return user;
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
