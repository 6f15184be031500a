import path from 'node:path';
import { clientKey } from '../../server/client-address';
import { describe, expect, it } from 'vitest';
import { requestLogFields } from '../../server/app';
import { renderMail } from '../../server/auth/mail-templates';
import { generateToken, hashToken } from '../../server/auth/tokens';
import { loadConfig } from '../../server/env';
import { isCrossOrigin, tokenFrom } from '../../server/trpc/context';
import { clientErrorOf, isServerFault, toAppErrorData } from '../../server/trpc/init';
import { getTRPCErrorFromUnknown } from '@trpc/server';
import { AppError } from '../../src/errors';
import { tokenSchema } from '../../src/schemas/auth';
import { LOCALES } from '../../src/i18n';

describe('configuration', () => {
  it('has working defaults for the embedded setup', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      logLevel: 'info',
    });
    expect(config.dataDir).toBe(path.resolve('data'));
    expect(config.adminEmails).toEqual([]);
  });

  it('parses lists and trims the public URL', () => {
    const config = loadConfig({
      PORT: '8080',
      PUBLIC_URL: 'https://tacke.si/',
      ADMIN_EMAILS: ' A@x.si, b@y.si ,',
      DATABASE_URL: 'postgres://u@h/db',
    });
    expect(config).toMatchObject({
      port: 8080,
      publicUrl: 'https://tacke.si',
      adminEmails: ['a@x.si', 'b@y.si'],
      databaseUrl: 'postgres://u@h/db',
    });
  });

  it('fails fast with every bad setting named', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' })).toThrow(
      /PORT[\s\S]*DATABASE_URL[\s\S]*LOG_LEVEL/,
    );
  });
});

describe('request log fields', () => {
  it('leave out the query string, where confirmation and reset tokens travel', () => {
    expect(
      requestLogFields({ method: 'GET', url: '/email-confirmed?token=abcdef', ip: '127.0.0.1' }),
    ).toEqual({
      method: 'GET',
      url: '/email-confirmed',
      remoteAddress: '127.0.0.1',
    });
  });
});

describe('tokens', () => {
  it('are 160-bit base32 strings that fit the token schema, stored only as SHA-256', () => {
    const token = generateToken();
    expect(tokenSchema.safeParse(token).success).toBe(true);
    expect(generateToken()).not.toBe(token);
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(token)).toBe(hashToken(token));
  });

  it('come from a Bearer header before the cookie', () => {
    expect(tokenFrom({ authorization: 'Bearer abc' }, { tacke_session: 'cookie' })).toBe('abc');
    expect(tokenFrom({}, { tacke_session: 'cookie' })).toBe('cookie');
    expect(tokenFrom({}, {})).toBeNull();
  });
});

describe('failures as clients see them', () => {
  // What tRPC makes of anything a procedure, middleware or stream throws.
  const thrown = (cause: unknown) => getTRPCErrorFromUnknown(cause);

  it('give an AppError its own code and status, and do not count it as a server fault', () => {
    const error = thrown(new AppError('NOT_FOUND'));
    expect(error.code).toBe('INTERNAL_SERVER_ERROR');
    expect(clientErrorOf(error).code).toBe('NOT_FOUND');
    expect(toAppErrorData(error).appCode).toBe('NOT_FOUND');
    expect(isServerFault(error)).toBe(false);
  });

  it('treat text the database cannot store as bad input', () => {
    const nul = Object.assign(new Error('invalid byte sequence'), { code: '22021' });
    const error = thrown(new Error('query failed', { cause: nul }));
    expect(clientErrorOf(error).code).toBe('BAD_REQUEST');
    expect(toAppErrorData(error).appCode).toBe('VALIDATION');
    expect(isServerFault(error)).toBe(false);
  });

  it('leave anything else a server fault, with no details', () => {
    const error = thrown(new Error('connection reset'));
    expect(clientErrorOf(error).code).toBe('INTERNAL_SERVER_ERROR');
    expect(toAppErrorData(error)).toEqual({ appCode: 'INTERNAL' });
    expect(isServerFault(error)).toBe(true);
  });
});

describe('same-origin rule', () => {
  const publicUrl = 'https://tacke.si';
  it('trusts Sec-Fetch-Site when the browser sends it', () => {
    expect(isCrossOrigin({ 'sec-fetch-site': 'same-origin' }, publicUrl)).toBe(false);
    expect(isCrossOrigin({ 'sec-fetch-site': 'cross-site', origin: 'https://tacke.si' }, publicUrl)).toBe(
      true,
    );
    expect(isCrossOrigin({ 'sec-fetch-site': 'same-site' }, publicUrl)).toBe(true);
  });
  it('otherwise compares Origin with Host and PUBLIC_URL; scripts without Origin pass', () => {
    expect(isCrossOrigin({ origin: 'https://tacke.si', host: 'internal:3000' }, publicUrl)).toBe(false);
    expect(isCrossOrigin({ origin: 'http://localhost:5173', host: 'localhost:5173' }, publicUrl)).toBe(false);
    expect(isCrossOrigin({ origin: 'https://evil.example', host: 'tacke.si' }, publicUrl)).toBe(true);
    expect(isCrossOrigin({ origin: 'null', host: 'tacke.si' }, publicUrl)).toBe(true);
    expect(isCrossOrigin({}, publicUrl)).toBe(false);
  });
});

describe('account e-mails', () => {
  it.each(LOCALES)('render in %s with the link and validity', (locale) => {
    const link = 'https://tacke.si/reset-password?token=abc';
    for (const kind of ['confirm', 'reset', 'pending', 'exists'] as const) {
      const mail = renderMail(kind, locale, { link, hours: kind === 'confirm' ? 48 : 1 });
      expect(mail.subject.length).toBeGreaterThan(5);
      expect(mail.text).toContain(link);
      if (kind !== 'exists') expect(mail.text).toMatch(kind === 'confirm' ? /48/ : /1/);
    }
  });
});

describe('clientKey', () => {
  it('keeps IPv4 addresses, unwraps IPv4-mapped IPv6 and groups IPv6 by /64', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:DB8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientKey(undefined)).toBe('unknown');
  });
});
