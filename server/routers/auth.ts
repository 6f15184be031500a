import {
  confirmEmailInput,
  meView,
  requestPasswordResetInput,
  resetPasswordInput,
  signedInView,
  signInInput,
  signUpInput,
  signUpView,
} from '#shared/schemas/auth';
import { okOutput } from '#shared/schemas/common';
import { invalidateSession } from '../auth/sessions';
import { announceSessionsEnded } from '../realtime/sessions';
import * as auth from '../services/account/auth';
import type { Context } from '../trpc/context';
import { publicProcedure, router } from '../trpc/init';
import { answer } from '../trpc/answer';

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
    .meta({
      scope: 'session',
      summary:
        'Create an account; a confirmation link is e-mailed (the answer is the same for any address). `termsVersion`: the terms accepted.',
    })
    .input(signUpInput)
    .output(answer(signUpView))
    .mutation(({ ctx, input }) => auth.signUp(depsOf(ctx), input, input.locale)),

  confirmEmail: publicProcedure
    .meta({
      scope: 'session',
      summary: 'Confirm the address with the e-mailed token and the password chosen at sign-up.',
    })
    .input(confirmEmailInput)
    .output(answer(signedInView))
    .mutation(async ({ ctx, input }) =>
      signedIn(ctx, await auth.confirmEmail(depsOf(ctx), input), input.returnToken),
    ),

  signIn: publicProcedure
    .meta({
      scope: 'session',
      summary: 'Sign in with e-mail and password; `returnToken: true` returns a session token.',
    })
    .input(signInInput)
    .output(answer(signedInView))
    .mutation(async ({ ctx, input }) =>
      signedIn(ctx, await auth.signIn(depsOf(ctx), input, input.locale), input.returnToken),
    ),

  /** Tolerates a missing or already ended session. */
  signOut: publicProcedure
    .meta({ scope: 'session', summary: 'End the current session.' })
    .output(answer(okOutput))
    .mutation(async ({ ctx }) => {
      if (ctx.sessionToken) await invalidateSession(ctx.db, ctx.sessionToken);
      if (ctx.user) await announceSessionsEnded(ctx.bus, ctx.user.id);
      ctx.clearSessionCookie();
      return { ok: true as const };
    }),

  requestPasswordReset: publicProcedure
    .meta({
      scope: 'session',
      summary: 'E-mail a password reset link (the answer is the same for any address).',
    })
    .input(requestPasswordResetInput)
    .output(answer(okOutput))
    .mutation(async ({ ctx, input }) => {
      await auth.requestPasswordReset(depsOf(ctx), input, input.locale);
      return { ok: true as const };
    }),

  resetPassword: publicProcedure
    .meta({
      scope: 'session',
      summary: 'Set a new password with the e-mailed token; ends every session and access token.',
    })
    .input(resetPasswordInput)
    .output(answer(signedInView))
    .mutation(async ({ ctx, input }) =>
      signedIn(ctx, await auth.resetPassword(depsOf(ctx), input), input.returnToken),
    ),

  me: publicProcedure
    .meta({
      scope: 'read',
      summary:
        'The caller: id, e-mail, role, name, when the account was created and whether it accepted the terms in force (null when signed out).',
    })
    .output(answer(meView.nullable()))
    .query(({ ctx }) => (ctx.user ? auth.me(ctx.db, ctx.user.id) : null)),
});
