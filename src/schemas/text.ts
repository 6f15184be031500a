/**
 * A one-line text (a name, a title, a venue) holds no control character (NUL, tab, line break…) and no
 * Unicode line or paragraph separator: it shows on one line everywhere, a spreadsheet's row included, and
 * PostgreSQL, which cannot store NUL, never refuses it after the answer has gone (a sign-up's names). Its own
 * module: the sign-up form loads it, and must not load the place data of ./common.
 */
export const oneLine = (text: string) => !/[\p{Cc}\u2028\u2029]/u.test(text);
export const ONE_LINE_MESSAGE = 'validation.oneLine';
