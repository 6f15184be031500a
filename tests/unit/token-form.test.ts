import { describe, expect, it } from 'vitest';
import { tokenCreateInput } from '#shared/schemas/access-tokens';

describe('the token form', () => {
  it('keeps scopes in one order without repeats and only offered lifetimes', () => {
    expect(
      tokenCreateInput.parse({ name: ' CI ', scopes: ['chat', 'read', 'chat'], expiresInDays: 90 }),
    ).toEqual({ name: 'CI', scopes: ['read', 'chat'], expiresInDays: 90 });
    expect(tokenCreateInput.safeParse({ name: 'CI', scopes: ['read'], expiresInDays: 31 }).success).toBe(
      false,
    );
    expect(tokenCreateInput.safeParse({ name: 'CI', scopes: [], expiresInDays: 7 }).success).toBe(false);
  });
});
