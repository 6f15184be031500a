import {
  confirmEmailInput,
  requestPasswordResetInput,
  resetPasswordInput,
  signInInput,
  signUpInput,
} from '../../src/schemas/auth';
import { invalidateSession } from '../auth/sessions';
import { announceSessionsEnded } from '../realtime/sessions';
import * as auth from '../services/auth';
import type { Context } from '../trpc/context';
import { publicProcedure, router } from '../trpc/init';

const depsOf = (ctx: Context): auth.AuthDeps => ({
  db: ctx.db,
  mailer: ctx.mailer,
  publicUrl: ctx.config.publicUrl,
  adminEmails: ctx.config.adminEmails,
  log: ctx.log,
  bus: ctx.bus,
});

/** Sets the cookie for browsers and returns the token for scripts. */
function signedIn(ctx: Context, result: auth.SignedIn) {
  ctx.setSessionCookie(result.token, result.expiresAt);
  return { user: result.user, token: result.token };
}

export const authRouter = router({
  signUp: publicProcedure
    .input(signUpInput)
    .mutation(({ ctx, input }) => auth.signUp(depsOf(ctx), input, input.locale)),

  confirmEmail: publicProcedure
    .input(confirmEmailInput)
    .mutation(async ({ ctx, input }) => signedIn(ctx, await auth.confirmEmail(depsOf(ctx), input.token))),

  signIn: publicProcedure
    .input(signInInput)
    .mutation(async ({ ctx, input }) => signedIn(ctx, await auth.signIn(depsOf(ctx), input, input.locale))),

  /** Tolerates a missing or already ended session. */
  signOut: publicProcedure.mutation(async ({ ctx }) => {
    if (ctx.sessionToken) await invalidateSession(ctx.db, ctx.sessionToken);
    if (ctx.user) await announceSessionsEnded(ctx.bus, ctx.user.id);
    ctx.clearSessionCookie();
    return { ok: true as const };
  }),

  requestPasswordReset: publicProcedure.input(requestPasswordResetInput).mutation(async ({ ctx, input }) => {
    await auth.requestPasswordReset(depsOf(ctx), input, input.locale);
    return { ok: true as const };
  }),

  resetPassword: publicProcedure
    .input(resetPasswordInput)
    .mutation(async ({ ctx, input }) => signedIn(ctx, await auth.resetPassword(depsOf(ctx), input))),

  me: publicProcedure.query(({ ctx }) => (ctx.user ? auth.me(ctx.db, ctx.user.id) : null)),
});
