import { describe, expect, it } from 'vitest';
import { LIMITS } from '#shared/limits';
import { confirmEmailInput, resetPasswordInput, signInInput, signUpInput } from '#shared/schemas/auth';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((i) => i.message);

describe('auth schemas', () => {
  it('normalises sign-up input: trimmed name, lower-case e-mail, empty dog name dropped', () => {
    expect(
      signUpInput.parse({
        fullName: '  Ana  ',
        email: ' Ana@Example.COM ',
        password: 'psi-so-super',
        dogName: '  ',
      }),
    ).toEqual({
      fullName: 'Ana',
      email: 'ana@example.com',
      password: 'psi-so-super',
      dogName: undefined,
    });
  });

  it('uses locale keys as messages', () => {
    expect(messages(signUpInput.safeParse({ fullName: '', email: '', password: '' }))).toEqual([
      'validation.fullNameRequired',
      'validation.emailRequired',
      'validation.passwordTooShort',
    ]);
    expect(messages(signInInput.safeParse({ email: 'a@b', password: '' }))).toEqual([
      'validation.emailInvalid',
      'validation.passwordRequired',
    ]);
  });

  it(`accepts passwords of ${LIMITS.password.min}–${LIMITS.password.max} characters that are not common`, () => {
    const pw = (password: string) =>
      messages(resetPasswordInput.safeParse({ token: 'a'.repeat(32), password }));
    expect(pw('a'.repeat(LIMITS.password.min - 1))).toEqual(['validation.passwordTooShort']);
    expect(pw('a'.repeat(LIMITS.password.min))).toEqual([]);
    expect(pw('a'.repeat(LIMITS.password.max))).toEqual([]);
    expect(pw('a'.repeat(LIMITS.password.max + 1))).toEqual(['validation.passwordTooLong']);
    expect(pw('PASSWORD1')).toEqual(['validation.passwordTooCommon']);
    expect(pw('geslo1234')).toEqual(['validation.passwordTooCommon']);
  });

  it('accepts only token-shaped strings as tokens', () => {
    const password = 'psi-so-super';
    expect(confirmEmailInput.safeParse({ token: 'abcdefghijklmnopqrstuvwxyz234567', password }).success).toBe(
      true,
    );
    expect(confirmEmailInput.safeParse({ token: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', password }).success).toBe(
      false,
    );
    expect(confirmEmailInput.safeParse({ token: "' or 1=1 --", password }).success).toBe(false);
    // Confirming takes the password chosen at sign-up.
    expect(confirmEmailInput.safeParse({ token: 'abcdefghijklmnopqrstuvwxyz234567' }).success).toBe(false);
  });

  it('refuses a NUL character in sign-up texts (they are stored after the answer, where no error reaches the client)', () => {
    const base = { email: 'a@b.si', password: 'psi-so-super' };
    expect(messages(signUpInput.safeParse({ ...base, fullName: 'Ana\u0000' }))).toEqual([
      'validation.oneLine',
    ]);
    expect(messages(signUpInput.safeParse({ ...base, fullName: 'Ana', dogName: 'Lu\u0000na' }))).toEqual([
      'validation.oneLine',
    ]);
  });

  it('refuses over-long names and e-mails', () => {
    expect(
      messages(
        signUpInput.safeParse({ fullName: 'x'.repeat(101), email: 'a@b.si', password: 'psi-so-super' }),
      ),
    ).toEqual(['validation.fullNameTooLong']);
    expect(messages(signInInput.safeParse({ email: `${'a'.repeat(250)}@b.si`, password: 'x' }))).toEqual([
      'validation.emailInvalid',
    ]);
  });
});
