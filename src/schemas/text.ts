/**
 * PostgreSQL cannot store a NUL character in text. Most writes let the database refuse it (a VALIDATION
 * error); text stored after the answer has gone (a sign-up) is checked here instead. Its own module: the
 * sign-up form loads it, and must not load the place data of ./common.
 */
export const withoutNul = (text: string) => !text.includes('\u0000');
