import {
  confirmEmailInput,
  requestPasswordResetInput,
  resetPasswordInput,
  signInInput,
  signUpInput,
} from '#shared/schemas/auth';
import { invalidateSession } from '../auth/sessions';
import { announceSessionsEnded } from '../realtime/sessions';
import * as auth from '../services/account/auth';
import type { Context } from '../trpc/context';
import { publicProcedure, router } from '../trpc/init';

const depsOf = (ctx: Context): auth.AuthDeps => ({
  db: ctx.db,
  jobs: ctx.jobs,
  publicUrl: ctx.config.publicUrl,
  adminEmails: ctx.config.adminEmails,
  log: ctx.log,
  bus: ctx.bus,
  background: ctx.background,
  client: ctx.client,
  devices: ctx.devices,
  deviceCookie: ctx.deviceCookie,
});

/** The token in the answer for scripts that ask for it; otherwise only in the HttpOnly cookie. */
function signedIn(ctx: Context, result: auth.SignedIn, returnToken: boolean | undefined) {
  if (returnToken) return { user: result.user, token: result.token as string | null };
  ctx.setSessionCookie(result.token, result.expiresAt);
  // This browser is now trusted for the account: its sign-ins are never locked by strangers' failures.
  ctx.setDeviceCookie(ctx.devices.issue(ctx.deviceCookie, result.user.email));
  return { user: result.user, token: null };
}

export const authRouter = router({
  signUp: publicProcedure
    .input(signUpInput)
    .mutation(({ ctx, input }) => auth.signUp(depsOf(ctx), input, input.locale)),

  confirmEmail: publicProcedure
    .input(confirmEmailInput)
    .mutation(async ({ ctx, input }) =>
      signedIn(ctx, await auth.confirmEmail(depsOf(ctx), input), input.returnToken),
    ),

  signIn: publicProcedure
    .input(signInInput)
    .mutation(async ({ ctx, input }) =>
      signedIn(ctx, await auth.signIn(depsOf(ctx), input, input.locale), input.returnToken),
    ),

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
    .mutation(async ({ ctx, input }) =>
      signedIn(ctx, await auth.resetPassword(depsOf(ctx), input), input.returnToken),
    ),

  me: publicProcedure.query(({ ctx }) => (ctx.user ? auth.me(ctx.db, ctx.user.id) : null)),
});
