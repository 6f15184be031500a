import path from 'node:path';
import { clientKey } from '../../server/client-address';
import { describe, expect, it } from 'vitest';
import { requestLogFields } from '../../server/app';
import { renderMail } from '../../server/auth/mail-templates';
import { generateToken, hashToken } from '../../server/auth/tokens';
import { together } from '../../server/db/transact';
import { loadConfig } from '../../server/env';
import { isCrossOrigin, tokenFrom } from '../../server/trpc/context';
import { clientErrorOf, isServerFault, toAppErrorData } from '../../server/trpc/init';
import { getTRPCErrorFromUnknown } from '@trpc/server';
import { AppError } from '#shared/errors';
import { tokenSchema } from '#shared/schemas/auth';
import { LOCALES } from '#shared/i18n';
import { deckFiltersSchema } from '#shared/schemas/deck';
import {
  filtersKey,
  nextPosition,
  positionFor,
  recheckDue,
} from '../../server/services/matching/deck-positions';
import { utcMonthIndex } from '#shared/domain/dog-age';

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

  it('takes a map tile address with {z}, {x} and {y}, and allows its origin (subdomains too) for images', () => {
    expect(loadConfig({}).mapTiles).toEqual({
      url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      origin: 'https://tile.openstreetmap.org',
    });
    expect(
      loadConfig({ MAP_TILE_URL: 'https://{s}.tiles.example.org/osm/{z}/{x}/{y}.png' }).mapTiles,
    ).toEqual({
      url: 'https://{s}.tiles.example.org/osm/{z}/{x}/{y}.png',
      origin: 'https://*.tiles.example.org',
    });
    expect(loadConfig({ MAP_TILE_URL: 'http://127.0.0.1:4000/t/{z}/{x}/{y}.png' }).mapTiles.origin).toBe(
      'http://127.0.0.1:4000',
    );
    expect(() => loadConfig({ MAP_TILE_URL: 'https://tiles.example.org/map.png' })).toThrow(
      /MAP_TILE_URL: must contain \{z\}, \{x\} and \{y\}/,
    );
    expect(() => loadConfig({ MAP_TILE_URL: 'javascript:alert(1)//{z}/{x}/{y}' })).toThrow(/MAP_TILE_URL/);
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

describe('deck positions', () => {
  const key = 'k';
  const at = (position: number, checkedAt = new Date(0)) => ({
    bucket: 0,
    filtersKey: key,
    position,
    checkedAt,
  });
  const now = 10 * 60_000;
  /** Twenty cards answered from `first` on, `step` apart in the walk. */
  const cards = (first: number, step = 0.001) => Array.from({ length: 20 }, (_, i) => first + i * step);
  const call = (ahead: number[], more: object = {}) => ({
    startedAt: now,
    rechecked: false,
    changed: 0,
    ahead,
    wanted: 20,
    ...more,
  });

  it('are written only when they spare reading about 60 cards, or a walk ends', () => {
    // A fresh walk's first page, and the next two pages after their cards were passed: nothing to write.
    expect(nextPosition(undefined, key, call(cards(0.001)))).toBeNull();
    expect(nextPosition(at(0.1), key, call(cards(0.14)))).toBeNull();
    // Sixty cards and more passed since the position: it moves to the first card answered.
    expect(nextPosition(at(0.1), key, call(cards(0.161)))).toEqual({
      position: 0.161,
      checkedAt: new Date(0),
    });
    // The walk found nothing: its end.
    expect(nextPosition(at(0.1), key, call([]))).toMatchObject({ position: 1 });
    expect(nextPosition(at(1), key, call([]))).toBeNull();
  });

  it('move the time they looked for changed dogs only when a look found none', () => {
    expect(nextPosition(at(0.5), key, call(cards(0.5), { rechecked: true }))).toEqual({
      position: 0.5,
      checkedAt: new Date(now - 60_000),
    });
    expect(nextPosition(at(0.5), key, call(cards(0.5), { rechecked: true, changed: 2 }))).toBeNull();
    expect(recheckDue(at(0.5, new Date(now - 60_000)), now)).toBe(false);
    expect(recheckDue(at(0.5, new Date(now - 120_000)), now)).toBe(true);
    expect(recheckDue(at(0, new Date(0)), now)).toBe(false);
  });

  it('hold for their own filters and narrower ones; the furthest that holds is taken', () => {
    const filters = (input: object) => deckFiltersSchema.parse(input);
    const row = (input: object, position: number) => ({
      ...at(position),
      filtersKey: filtersKey(filters(input)),
    });
    const rows = [row({}, 0.3), row({ sizes: ['large'] }, 0.6), row({ sizes: ['small'] }, 0.9)];
    const large = filters({ sizes: ['large'], ageMax: 10 });
    const month = utcMonthIndex();
    expect(positionFor(rows, 0, large, filtersKey(large), month)?.position).toBe(0.6);
    expect(positionFor(rows, 0, filters({}), filtersKey(filters({})), month)?.position).toBe(0.3);
    expect(positionFor(rows, 0, filters({ gender: 'male' }), 'x', month)?.position).toBe(0.3);
    expect(positionFor(rows, 1, large, filtersKey(large), month)).toBeUndefined();
  });

  it('with an age range hold only in the month they were walked in (dogs grow into the range)', () => {
    const filters = (input: object) => deckFiltersSchema.parse(input);
    const month = utcMonthIndex();
    const young = filters({ ageMax: 2 });
    const walked = [{ ...at(0.7), filtersKey: filtersKey(young, month - 1) }];
    expect(filtersKey(young, month - 1)).not.toBe(filtersKey(young, month));
    expect(positionFor(walked, 0, young, filtersKey(young, month), month)).toBeUndefined();
    expect(positionFor(walked, 0, young, filtersKey(young, month - 1), month - 1)?.position).toBe(0.7);
    // Narrower ones neither, the next month.
    const younger = filters({ ageMax: 1 });
    expect(positionFor(walked, 0, younger, filtersKey(younger, month), month)).toBeUndefined();
    expect(positionFor(walked, 0, younger, filtersKey(younger, month - 1), month - 1)?.position).toBe(0.7);
    // Without an age range, the month does not matter.
    const sized = filters({ sizes: ['small'] });
    expect(filtersKey(sized, month - 1)).toBe(filtersKey(sized, month));
    const kept = [{ ...at(0.4), filtersKey: filtersKey(sized, month - 5) }];
    expect(positionFor(kept, 0, filters({ sizes: ['small'], ageMax: 3 }), 'x', month)?.position).toBe(0.4);
  });
});

describe('together (server/db/transact.ts)', () => {
  it('answers every result in order, or the failure of the first statement that failed, whichever settled first', async () => {
    const later = <T>(ms: number, value: T, fail = false) =>
      new Promise<T>((resolve, reject) => setTimeout(() => (fail ? reject(value) : resolve(value)), ms));
    expect(await together([later(5, 'a'), later(1, 2), Promise.resolve(null)])).toEqual(['a', 2, null]);
    // The statement that failed answers last; the ones behind it (refused: the transaction is aborted) first.
    const cause = new Error('invalid byte sequence');
    const aborted = new Error('current transaction is aborted');
    await expect(
      together([later(1, 'ok'), later(20, cause, true), later(1, aborted, true), later(2, aborted, true)]),
    ).rejects.toBe(cause);
  });
});
