/** Business constants from SPEC §9 and DECISIONS.md. The only place these numbers are written. */
export const LIMITS = {
  password: { min: 8, max: 128 },
  fullName: { max: 100 },
  dogName: { max: 60 },
  email: { max: 254 },
  profileAge: { min: 13, max: 99 },
  dogAge: { min: 1, max: 20 },
  dogDescription: { max: 1500, previewWords: 30 },
  eventAttendees: { min: 2, max: 100, default: 20 },
  /** Sliding session: 30 days, renewed once less than half is left. */
  sessionDays: 30,
  confirmTokenHours: 48,
  resetTokenMinutes: 60,
  signIn: { maxFailures: 10, windowMinutes: 15 },
  emailConfirmedRedirectSeconds: 5,
  signUpToastMs: 8000,
  mobileBreakpointPx: 768,
  unreadBadgeMax: 9,
} as const;
