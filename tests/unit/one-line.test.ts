import type { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { lastEventDate } from '#shared/domain/event-time';
import { LIMITS } from '#shared/limits';
import { tokenCreateInput } from '#shared/schemas/access-tokens';
import { announcementCreateInput } from '#shared/schemas/announcements';
import { signUpInput } from '#shared/schemas/auth';
import { dogCreateInput } from '#shared/schemas/dogs';
import { eventCreateInput } from '#shared/schemas/events';
import { profileUpdateInput } from '#shared/schemas/profiles';

/*
 * Names and titles are one line (issue 34): a line break, a tab or another control character would split a
 * row of the attendee export in a spreadsheet, or show as nothing; each is refused with one clear message.
 */
const HOSTILE = [
  'Ana\nNovak',
  'Ana\r\nNovak',
  'Ana\rNovak',
  'Ana\tNovak',
  'Ana\u0000',
  'Ana\u0085x',
  'Ana\u2028x',
  'A\u2029B',
];
const FINE = ['Ana-Marija Novak', "D'Angelo Žužek", 'Luna 🐶', 'Šarik  II'];

const EVENT = {
  title: 'Sprehod',
  eventDate: lastEventDate(),
  eventTime: '10:00',
  locationName: 'Tivoli',
  location: 'Ljubljana',
};

/** Each schema with a valid input and the one-line field in it. */
const CASES: Array<{ name: string; schema: z.ZodType; base: Record<string, unknown>; field: string }> = [
  {
    name: 'sign-up name',
    schema: signUpInput,
    base: { email: 'a@b.si', password: 'psi-so-super', fullName: 'Ana' },
    field: 'fullName',
  },
  {
    name: "sign-up dog's name",
    schema: signUpInput,
    base: { email: 'a@b.si', password: 'psi-so-super', fullName: 'Ana' },
    field: 'dogName',
  },
  { name: 'profile name', schema: profileUpdateInput, base: { fullName: 'Ana' }, field: 'fullName' },
  {
    name: "dog's name",
    schema: dogCreateInput,
    base: { name: 'Luna', breed: 'Mešanec', birthMonth: '2022-03', gender: 'female', location: 'Ljubljana' },
    field: 'name',
  },
  {
    name: 'event title',
    schema: eventCreateInput,
    base: EVENT,
    field: 'title',
  },
  {
    name: 'event venue',
    schema: eventCreateInput,
    base: EVENT,
    field: 'locationName',
  },
  {
    name: 'token name',
    schema: tokenCreateInput,
    base: { name: 'Skripta', scopes: ['read'], expiresInDays: LIMITS.accessToken.expiryDays[0] },
    field: 'name',
  },
  {
    name: 'announcement title',
    schema: announcementCreateInput,
    base: { title: 'Novo', content: 'Besedilo', type: 'general' },
    field: 'title',
  },
];

describe('one-line texts', () => {
  it.each(CASES)('the $name refuses control characters and line breaks, and takes any other text', (c) => {
    expect(c.schema.safeParse(c.base).error?.issues).toBeUndefined();
    for (const text of HOSTILE) {
      const issues = c.schema.safeParse({ ...c.base, [c.field]: text }).error?.issues ?? [];
      expect(
        issues.map((issue) => [issue.path.join('.'), issue.message]),
        JSON.stringify(text),
      ).toEqual([[c.field, 'validation.oneLine']]);
    }
    for (const text of FINE)
      expect(c.schema.safeParse({ ...c.base, [c.field]: text }).error?.issues, text).toBeUndefined();
  });
});
