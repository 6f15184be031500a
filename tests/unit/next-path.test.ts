import { describe, expect, it } from 'vitest';
import { safeNextPath, signInAndBack } from '../../web/src/lib/next-path';

describe('the page to go back to after signing in', () => {
  it('takes a path of this site, with its query', () => {
    expect(safeNextPath('/pogresani?alarm=5b1c')).toBe('/pogresani?alarm=5b1c');
    expect(
      safeNextPath(new URLSearchParams(signInAndBack('/klepet?chat=a b').split('?')[1]).get('next')),
    ).toBe('/klepet?chat=a b');
  });

  it('refuses another site, however written, and nothing at all', () => {
    for (const value of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      '',
      null,
    ])
      expect(safeNextPath(value), String(value)).toBeNull();
  });
});
