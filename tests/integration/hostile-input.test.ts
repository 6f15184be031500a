/**
 * "Bad input never hurts": every procedure of the router gets hundreds of generated hostile inputs over real
 * HTTP (and subscriptions through a caller too). No answer may be a 5xx, every refusal must be the app's
 * typed error, the server must stay healthy, and a refused call must leave every table as it was.
 *
 * Each procedure's run starts from a random seed (200 generated calls in CI, 40 locally; HOSTILE_RUNS sets
 * it). A failure names the seed and the path of the failing call; to replay exactly that call:
 *   FUZZ_SEED=<seed> FUZZ_PATH=<path> npx vitest run --project integration \
 *     tests/integration/hostile-input.test.ts -t '<procedure> \('
 * FUZZ_SEED alone runs every procedure from that seed (the same calls again).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, sessionIsLive } from '../../server/auth/sessions';
import {
  adminUpdates,
  chats,
  dogProfiles,
  events,
  notifications,
  profiles,
  users,
} from '../../server/db/schema';
import { clientErrorOf } from '../../server/trpc/init';
import { TRPCError } from '@trpc/server';
import { appRouter } from '../../server/routers/_app';
import { DEFAULT_CHANNELS } from '#shared/domain/notify';
import { TERMS_VERSION } from '#shared/domain/terms';
import { dbKinds, startTestApp, type TestApp } from '../helpers/app';
import { allProcedures, type ProcedureType } from '../helpers/procedures';
import { procedureAt, proceduresOf } from '../../server/trpc/internals';
import { publicTables, tableFingerprint } from '../helpers/fingerprint';
import { writeWatch } from '../helpers/row-snapshot';

/** Generated calls per procedure: a quick pass while developing, the full count in CI (.ci/run sets CI). */
const RUNS = Number(process.env.HOSTILE_RUNS ?? (process.env.CI ? 200 : 40));

/** A failed run's seed and path (see the top of the file): replays it instead of a random run. */
const REPLAY = {
  ...(process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {}),
  ...(process.env.FUZZ_PATH ? { path: process.env.FUZZ_PATH, endOnFailure: true } : {}),
};

/**
 * Procedures that end the caller's session whatever the input (they take none): each call gets a session
 * of its own (a throwaway account for `account.delete`), so the shared users stay signed in.
 */
const ENDS_SESSION = new Set(['auth.signOut', 'account.delete']);

/**
 * Rows a refused call writes on purpose: a failed sign-in is recorded before the password check so the
 * limit holds across instances (SPEC §9). Everything else must be untouched.
 */
const WRITES_WHEN_REFUSED: Record<string, string[]> = {
  'auth.signIn': ['rate_limit_hits'],
  // A report counts against the client's hourly limit whether or not it is taken.
  'safety.report': ['rate_limit_hits'],
};

/** Answers Node or Fastify give before a request reaches tRPC (a URL over the header limit, a body over 1 MB). */
const TRANSPORT_STATUSES = new Set([413, 431]);

// ── Hostile values ──────────────────────────────────────────────────────────────────────────────────

const SQL_PAYLOADS = [
  "' OR 1=1 --",
  "'); drop table users; --",
  "' union select email, password_hash from users --",
  '1; select pg_sleep(10); --',
  '" OR ""="',
  "admin'--",
  "%' or '%'='",
  "\\'; truncate sessions; --",
  '$1',
  "'::uuid",
];
const HTML_PAYLOADS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg/onload=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}',
  '${7*7}',
  '<!--',
  '</textarea><iframe src=//evil.example>',
];
const UNICODE_EDGES = [
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF',
  'x\uD83D',
  '\uDC36x',
  '\u202Eevil\u202C',
  '\u200B\u200C\u200D\uFEFF',
  '\u2028\u2029',
  '🐶',
  '👩‍👩‍👧‍👦',
  'e\u0301\u0301\u0301\u0301',
  '\uFFFE\uFFFF',
  '\u{10FFFF}',
  'İıſßﬀ',
  '\t\n\r\v\f',
  '\u00A0\u3000',
  '١٢٣',
  '１２',
  'ＳＩ',
];
/**
 * Characters that mean something to a parser, a LIKE pattern, a regular expression or markup. Each string
 * field of every procedure gets them as an explicit example (a short local run found no 500 that CI's
 * long one did: a `<` in events.list's search), and the generated values use them often.
 */
const SYNTAX_CHARS = `<>&"'\`\\%_*?[](){}|^$.+~!@#:;,/=-`;

/** Strings close to dates, times and codes the schemas accept. */
const NEAR_MISSES = [
  '',
  ' ',
  '0',
  '-1',
  'NaN',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '0000-01-01',
  '9999-12-31',
  '2024-02-30',
  '2023-02-29',
  '+275760-09-13',
  '1970-01-01',
  '24:00',
  '23:60',
  '-1:00',
  'si',
  'XX',
  'dogs/aaaaaaaaaaaaaaaaaaaaaaaaaa',
  'dogs/../../etc/passwd',
  '../'.repeat(20),
  'a'.repeat(32),
  'A'.repeat(32),
  '9'.repeat(19),
  '-1',
  'f'.repeat(65),
];
const HUGE_STRINGS = [
  'x'.repeat(120_000),
  '🐶'.repeat(60_000),
  "'".repeat(110_000),
  '\u0000'.repeat(100_000),
  'a '.repeat(60_000),
  '<b>'.repeat(40_000),
];
const NUMBERS: unknown[] = [
  0,
  -0,
  -1,
  1,
  0.5,
  -0.5,
  2 ** 31,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  1e308,
  -1e308,
  5e-324,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  10n ** 30n,
  -1n,
];

const NIL_UUID = '00000000-0000-0000-0000-000000000000';

/** An object with an own key that JSON keeps but plain assignment would not (`__proto__`). */
function withOwnKey(key: string, value: unknown, base: Record<string, unknown> = {}) {
  const object: Record<string, unknown> = { ...base };
  Object.defineProperty(object, key, { value, enumerable: true, configurable: true, writable: true });
  return object;
}

function nested(depth: number, kind: 'array' | 'object'): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = kind === 'array' ? [value] : { a: value };
  return value;
}

const POLLUTION = [
  withOwnKey('__proto__', { admin: true, role: 'admin', polluted: 1 }),
  { constructor: { prototype: { polluted: 1 } } },
  { prototype: { polluted: 1 } },
  withOwnKey('__proto__', null),
];

interface World {
  me: { id: string; email: string; token: string };
  other: { id: string; token: string };
  myDog: string;
  otherDog: string;
  myEvent: string;
  otherEvent: string;
  chat: string;
  /** A pending request to me; `foreignRequest` one to the other user. */
  request: string;
  foreignRequest: string;
  announcement: string;
  /** The other user's lost-dog alert, which I may say I saw. */
  otherLost: string;
}

/** Real ids of every kind (mine and the other user's), unknown ids and malformed ones. */
function idArb(world: World) {
  const real = Object.values(world).filter((value): value is string => typeof value === 'string');
  real.push(world.me.id, world.other.id);
  return fc.oneof(
    fc.uuid(),
    fc.constantFrom(...real),
    fc.constantFrom(NIL_UUID, 'ffffffff-ffff-ffff-ffff-ffffffffffff', 'not-a-uuid', '{' + NIL_UUID + '}'),
    fc.constantFrom(...real).map((id) => id.toUpperCase()),
    fc.constantFrom(...real).map((id) => `${id}' OR 1=1 --`),
    fc.constantFrom(...real).map((id) => `${id}\u0000`),
    fc.constantFrom(...real).map((id) => id.slice(0, -1)),
    fc.constantFrom(...real).map((id) => ` ${id} `),
  );
}

/** One hostile value: wrong type, payload string, odd number, odd id, odd structure. */
function hostileValue(world: World): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...SQL_PAYLOADS) },
    { weight: 3, arbitrary: fc.constantFrom(...HTML_PAYLOADS) },
    { weight: 3, arbitrary: fc.constantFrom(...UNICODE_EDGES) },
    { weight: 2, arbitrary: fc.constantFrom(...NEAR_MISSES) },
    {
      weight: 3,
      arbitrary: fc.string({ unit: fc.constantFrom(...SYNTAX_CHARS), minLength: 1, maxLength: 6 }),
    },
    { weight: 2, arbitrary: fc.constantFrom(...HUGE_STRINGS) },
    { weight: 3, arbitrary: fc.constantFrom(...NUMBERS) },
    { weight: 3, arbitrary: idArb(world) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
    {
      weight: 2,
      arbitrary: fc.constantFrom<unknown>(
        null,
        undefined,
        true,
        false,
        [],
        {},
        [[]],
        [null],
        [1, 'a'],
        new Date(Number.NaN),
        new Date(8.64e15),
        new Map([['a', 1]]),
        new Set([1]),
        /x/g,
      ),
    },
    { weight: 1, arbitrary: fc.constantFrom(nested(2_000, 'array'), nested(2_000, 'object')) },
    { weight: 1, arbitrary: fc.constantFrom(...POLLUTION) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    {
      weight: 1,
      arbitrary: fc.array(fc.constantFrom(...SQL_PAYLOADS, ...HTML_PAYLOADS, ...UNICODE_EDGES), {
        maxLength: 60,
      }),
    },
  );
}

// ── Plausible inputs, read from the procedures' zod schemas ────────────────────────────────────────

interface ZodLike {
  _zod: { def: { type: string; shape?: Record<string, unknown>; innerType?: ZodLike; in?: ZodLike } };
}

/** The field names of a procedure's input object (through optional, default, pipe and transform). */
function inputFields(path: string): string[] {
  let schema = procedureAt(appRouter, path)?.input as ZodLike | undefined;
  for (let depth = 0; schema && depth < 20; depth++) {
    const def: ZodLike['_zod']['def'] = schema._zod.def;
    if (def.type === 'object') return Object.keys(def.shape ?? {});
    schema = def.innerType ?? def.in;
  }
  return [];
}

/** Next week in Ljubljana, as the event forms send it. */
const futureDate = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

/** A value the field would accept (by name; the procedure's area decides ambiguous ones). */
function validValue(path: string, field: string, world: World): unknown {
  const area = path.split('.')[0];
  const ids: Record<string, string> = {
    dogs: world.myDog,
    events: world.myEvent,
    announcements: world.announcement,
    likes: world.request,
  };
  const values: Record<string, unknown> = {
    id: ids[area ?? ''] ?? randomUUID(),
    chatId: world.chat,
    fromDogId: world.myDog,
    dogId: area === 'lost' ? world.myDog : world.otherDog,
    eventId: world.myEvent,
    userId: world.other.id,
    // A message's seq in the chats, a row's id in event lists, a (date, dog) pair in likes.liked: none.
    cursor:
      path === 'likes.liked' ? null : area === 'chats' || path === 'events.chatMessages' ? 1 : world.myEvent,
    seq: 1,
    // A new address for sign-up, so a disguised valid input makes an account; mine elsewhere.
    email: path === 'auth.signUp' ? `new-${randomUUID()}@example.com` : world.me.email,
    password: 'zelo-dobro-geslo',
    returnToken: false,
    token: 'abcdefghijklmnopqrstuvwxyz234567',
    fullName: 'Ana Novak',
    name: 'Reks',
    dogName: 'Reks',
    breed: 'Mešanec',
    age: 15,
    birthMonth: '2020-04',
    size: 'medium',
    weight: 12.5,
    energy: null,
    playStyle: null,
    vaccinated: true,
    neutered: false,
    goodWithSmallDogs: false,
    radiusKm: area === 'spots' || area === 'lost' ? 5 : 20,
    sizes: ['small'],
    ageMin: 1,
    ageMax: 12,
    breeds: [],
    energies: [],
    playStyles: [],
    gender: 'female',
    originCountry: 'SI',
    country: 'SI',
    location: 'Ljubljana',
    description: 'Prijazen pes.',
    traits: [],
    photos: [],
    title: 'Naslov',
    content: 'Živjo!',
    updateType: 'general',
    eventDate: futureDate,
    eventTime: '18:00',
    locationName: 'Tivoli',
    maxAttendees: 10,
    durationMinutes: 90,
    requiresApproval: false,
    repeatWeeks: null,
    repeatUntil: null,
    scope: 'one',
    waitlist: false,
    approve: false,
    eventType: 'meetup',
    imageKey: null,
    photoKey: null,
    locale: 'sl',
    limit: 10,
    seed: 0.5,
    lastEventId: null,
    type: area === 'chats' ? 'text' : 'meetup',
    filter: 'mine',
    search: 'park',
    targetType: 'dog',
    targetId: world.otherDog,
    reason: 'spam',
    details: 'Pošilja oglase.',
    contactEmail: 'prijava@example.com',
    goodFaith: true,
    reportId: randomUUID(),
    action: 'warn',
    statement: 'Oglaševanje ni dovoljeno.',
    suspendDays: 3,
    actionId: randomUUID(),
    text: 'Ni res.',
    appealId: randomUUID(),
    reverse: false,
    status: 'open',
    scopes: ['read'],
    expiresInDays: 30,
    termsVersion: TERMS_VERSION,
    endpoint: 'https://push.example.test/fuzz',
    keys: {
      p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      auth: 'tBHItJI5svbpez7KI4CCXg',
    },
    channels: DEFAULT_CHANNELS,
    quietHours: null,
    timeZone: 'Europe/Ljubljana',
    kind: 'dogPark',
    kinds: [],
    lat: 46.05,
    lon: 14.5,
    amenities: [],
    leashRule: null,
    hours: null,
    emergency: false,
    spotId: randomUUID(),
    alertId: world.otherLost,
    rating: 4,
    tip: 'Zjutraj je mirno.',
    dogIds: [world.myDog],
    minutes: 60,
    audience: 'matches',
    seenAt: new Date(),
    note: 'Plašen je.',
    looks: 'Rjav mešanec, rdeča ovratnica',
    apply: false,
    // No photo of its own: the dog's profile photo shows. A found dog needs one (a key of the right shape;
    // nobody's upload, so a call with it stores nothing).
    photo: path === 'lost.reportFound' ? `lost/${'a'.repeat(26)}` : undefined,
  };
  return field in values ? values[field] : 'x';
}

function validInput(path: string, world: World): Record<string, unknown> {
  return Object.fromEntries(inputFields(path).map((field) => [field, validValue(path, field, world)]));
}

/** What the procedure's own input schema finds wrong with `input` ('age: Too big'), or null. */
function schemaIssue(path: string, input: unknown): string | null {
  type Issue = { path: PropertyKey[]; message: string };
  const issues: Issue[] = procedureAt(appRouter, path)?.input?.safeParse(input).error?.issues ?? [];
  return issues.length ? issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ') : null;
}

/**
 * The calls every run makes first: the plausible input with each of its fields set to every character of
 * SYNTAX_CHARS at once, and within valid text (as my session, encoded as the client does).
 */
function syntaxExamples(path: string, world: World): Array<[unknown, Envelope, 'me']> {
  return inputFields(path).flatMap((field) =>
    [SYNTAX_CHARS, `Tivoli ${SYNTAX_CHARS} park`].map((value): [unknown, Envelope, 'me'] => [
      { ...validInput(path, world), [field]: value },
      { kind: 'superjson' },
      'me',
    ]),
  );
}

/** Whole inputs: junk of any shape, or a plausible input with one field made hostile, dropped or added. */
function inputArb(path: string, world: World): fc.Arbitrary<unknown> {
  const fields = inputFields(path);
  const hostile = hostileValue(world);
  const base = () => validInput(path, world);
  const arbitraries: { weight: number; arbitrary: fc.Arbitrary<unknown> }[] = [
    { weight: 2, arbitrary: hostile },
    { weight: 1, arbitrary: fc.jsonValue() },
    {
      weight: 1,
      arbitrary: fc.anything({
        withBigInt: true,
        withDate: true,
        withMap: true,
        withSet: true,
        maxDepth: 3,
      }),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty')
        .chain((key) => hostile.map((value) => withOwnKey(key, value, base()))),
    },
  ];
  if (fields.length > 0)
    arbitraries.push(
      {
        weight: 8,
        arbitrary: fc
          .record({ field: fc.constantFrom(...fields), value: hostile })
          .map(({ field, value }) => ({ ...base(), [field]: value })),
      },
      {
        weight: 1,
        arbitrary: fc.constantFrom(...fields).map((field) => {
          const input = base();
          delete input[field];
          return input;
        }),
      },
      {
        weight: 1,
        arbitrary: fc
          .tuple(...fields.map(() => hostile))
          .map((values) => Object.fromEntries(fields.map((field, i) => [field, values[i]]))),
      },
    );
  return fc.oneof(...arbitraries);
}

/** How the input travels: superjson as the client sends it, or a hostile envelope around it. */
type Envelope =
  { kind: 'superjson' } | { kind: 'bare' } | { kind: 'meta'; meta: unknown } | { kind: 'text'; text: string };

const envelopeArb: fc.Arbitrary<Envelope> = fc.oneof(
  { weight: 16, arbitrary: fc.constant({ kind: 'superjson' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'bare' as const }) },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom<unknown>(
        { values: ['bigint'] },
        { values: ['Date'] },
        { values: ['regexp'] },
        { values: ['set'] },
        { values: ['map'] },
        { values: ['number'] },
        { values: ['undefined'] },
        { values: [['class', 'Nope']] },
        { values: [['custom', 'nope']] },
        { values: [['symbol', 'x']] },
        { values: [['typed-array', 'Int8Array']] },
        { values: JSON.parse('{"__proto__":["undefined"]}') },
        { values: { 'constructor.prototype.polluted': ['undefined'] } },
        { values: { 'a.b.c.d': ['Date'] } },
        { referentialEqualities: { '': ['a', '__proto__'] } },
        { referentialEqualities: ['x'] },
        { values: 'junk' },
        'junk',
        null,
        42,
      )
      .map((meta) => ({ kind: 'meta' as const, meta })),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('', '{', '{"json":', 'null', '[]', '"\\ud800"', '{"json":1}{"json":2}', 'undefined')
      .map((text) => ({ kind: 'text' as const, text })),
  },
);

function encode(input: unknown, envelope: Envelope): string {
  let serialized: { json: unknown; meta?: unknown };
  try {
    serialized = superjson.serialize(input as never);
  } catch {
    serialized = { json: input };
  }
  const json = (value: unknown) => {
    try {
      return JSON.stringify(value) ?? '';
    } catch {
      return '{}';
    }
  };
  switch (envelope.kind) {
    case 'superjson':
      return json(serialized);
    case 'bare':
      return json(serialized.json);
    case 'meta':
      return json({ json: serialized.json, meta: envelope.meta });
    case 'text':
      return envelope.text;
  }
}

describe.each(dbKinds())('hostile input on %s', (kind) => {
  let t: TestApp;
  let base: string;
  let world: World;
  let tables: string[];
  let calls = 0;
  let fingerprints = 0;
  let started = 0;

  /** "Last active" in the future: checking a session then writes nothing, so only calls change rows. */
  const quietProfiles = (ids: string[]) =>
    t.db
      .update(profiles)
      .set({ lastActive: new Date(Date.now() + 365 * 86_400_000) })
      .where(inArray(profiles.userId, ids));

  async function newWorld(): Promise<World> {
    const me = await t.signedInUser(`me-${randomUUID()}@example.com`);
    await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, me.user.id));
    const other = await t.signedInUser(`other-${randomUUID()}@example.com`);
    const carol = await t.signedInUser(`carol-${randomUUID()}@example.com`);
    await quietProfiles([me.user.id, other.user.id, carol.user.id]);
    const [meApi, otherApi, carolApi] = await Promise.all([me, other, carol].map((u) => t.caller(u.token)));
    const dog = { breed: 'Mešanec', age: 3, gender: 'male' as const, location: 'Ljubljana' };
    const myDog = await meApi!.dogs.create({ name: 'Piki', ...dog });
    const otherDog = await otherApi!.dogs.create({ name: 'Rex', ...dog });
    const carolDog = await carolApi!.dogs.create({ name: 'Luna', ...dog });
    // My like, accepted: our chat. Carol's likes: a pending request to me, and one to the other user.
    await meApi!.likes.like({ fromDogId: myDog.id, dogId: otherDog.id });
    const [sent] = await otherApi!.requests.list();
    const { chatId } = await otherApi!.requests.accept({ id: sent!.id });
    await meApi!.chats.send({ chatId, content: 'Živjo!' });
    await carolApi!.likes.like({ fromDogId: carolDog.id, dogId: myDog.id });
    await carolApi!.likes.like({ fromDogId: carolDog.id, dogId: otherDog.id });
    const pending = async (ownerId: string) =>
      (
        await t.db
          .select({ id: notifications.id })
          .from(notifications)
          .where(and(eq(notifications.ownerId, ownerId), eq(notifications.userId, carol.user.id)))
      )[0]!.id;
    const event = {
      eventDate: futureDate,
      eventTime: '18:00',
      locationName: 'Tivoli',
      location: 'Ljubljana',
    };
    const myEvent = await meApi!.events.create({ title: 'Sprehod', ...event });
    const otherEvent = await otherApi!.events.create({ title: 'Trening', ...event });
    const announcement = await meApi!.announcements.create({ title: 'Novica', content: 'Vsebina' });
    const otherLost = await otherApi!.lost.report({
      id: randomUUID(),
      dogId: otherDog.id,
      lat: 46.05,
      lon: 14.5,
      seenAt: new Date(),
    });
    return {
      me: { id: me.user.id, email: me.email, token: me.token },
      other: { id: other.user.id, token: other.token },
      myDog: myDog.id,
      otherDog: otherDog.id,
      myEvent: myEvent.id,
      otherEvent: otherEvent.id,
      otherLost: otherLost.id,
      chat: chatId,
      request: await pending(me.user.id),
      foreignRequest: await pending(other.user.id),
      announcement: announcement.id,
    };
  }

  /** Whether calls that were allowed to succeed (valid input in disguise) left the shared rows usable. */
  async function worldIntact(w: World): Promise<boolean> {
    const count = async (rows: Promise<unknown[]>) => (await rows).length;
    const checks = await Promise.all([
      count(
        t.db
          .select()
          .from(dogProfiles)
          .where(inArray(dogProfiles.id, [w.myDog, w.otherDog])),
      ),
      count(
        t.db
          .select()
          .from(events)
          .where(inArray(events.id, [w.myEvent, w.otherEvent])),
      ),
      count(t.db.select().from(chats).where(eq(chats.id, w.chat))),
      count(
        t.db
          .select()
          .from(notifications)
          .where(
            and(
              inArray(notifications.id, [w.request, w.foreignRequest]),
              inArray(notifications.status, ['unread', 'read']),
            ),
          ),
      ),
      count(
        t.db
          .select()
          .from(adminUpdates)
          .where(and(eq(adminUpdates.id, w.announcement), eq(adminUpdates.isActive, true))),
      ),
      count(
        t.db
          .select()
          .from(users)
          .where(and(eq(users.id, w.me.id), eq(users.role, 'admin'))),
      ),
    ]);
    const live = (await sessionIsLive(t.db, w.me.token)) && (await sessionIsLive(t.db, w.other.token));
    return live && checks.join() === [2, 2, 1, 2, 1, 1].join();
  }

  /** Every table of the public schema: row count and a digest of all its rows. */
  async function fingerprint(): Promise<Record<string, string>> {
    fingerprints++;
    // Work a call left for after its answer (account mail) counts as that call's.
    await t.settled();
    return tableFingerprint(t.db, tables);
  }

  beforeAll(async () => {
    started = Date.now();
    t = await startTestApp(kind);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    world = await newWorld();
    tables = await publicTables(t.db);
  }, 120_000);
  afterAll(async () => {
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`hostile input on ${kind}: ${calls} calls, ${fingerprints} fingerprints in ${seconds} s`);
    console.log(stats.join('\n'));
    await t?.close();
  });

  type Session = 'me' | 'other' | 'anon';
  const sessionArb: fc.Arbitrary<Session> = fc.oneof(
    { weight: 8, arbitrary: fc.constant('me' as const) },
    { weight: 1, arbitrary: fc.constant('other' as const) },
    { weight: 1, arbitrary: fc.constant('anon' as const) },
  );

  /**
   * Sessions for procedures that end them: made before a procedure's calls (so the rows they add are in the
   * "before" print), one per call, of a throwaway account for `account.delete`.
   */
  let ownSessions: string[] = [];
  async function makeOwnSessions(path: string, n: number) {
    let userIds = Array.from({ length: n }, () => world.me.id);
    if (path === 'account.delete') {
      const made = await t.db
        .insert(users)
        .values(
          userIds.map(() => ({ email: `gone-${randomUUID()}@example.com`, emailVerifiedAt: new Date() })),
        )
        .returning({ id: users.id });
      userIds = made.map((user) => user.id);
      const lastActive = new Date(Date.now() + 365 * 86_400_000);
      await t.db
        .insert(profiles)
        .values(userIds.map((userId) => ({ userId, fullName: 'Začasni', lastActive })));
    }
    ownSessions = [];
    for (const userId of userIds) ownSessions.push((await createSession(t.db, userId)).token);
  }

  function tokenFor(path: string, session: Session): string | null {
    if (session === 'anon') return null;
    if (!ENDS_SESSION.has(path)) return session === 'me' ? world.me.token : world.other.token;
    const token = ownSessions.pop();
    if (!token) throw new Error('out of sessions');
    return token;
  }

  interface Answer {
    status: number;
    text: string;
    body: unknown;
  }

  /** A query (GET, input in the URL) or mutation (POST body); subscriptions are tried as queries. */
  async function overHttp(path: string, type: ProcedureType, body: string, token: string | null) {
    const headers: Record<string, string> = { origin: base, 'sec-fetch-site': 'same-origin' };
    if (token) headers.cookie = `tacke_session=${token}`;
    const res =
      type === 'mutation'
        ? await fetch(`${base}/trpc/${path}`, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body,
          })
        : await fetch(`${base}/trpc/${path}?input=${encodeURIComponent(body)}`, { headers });
    calls++;
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return { status: res.status, text, body: parsed } satisfies Answer;
  }

  /** A refusal is the app's typed error: a tRPC code, an app code, and the code as the only message. */
  function expectTypedAnswer(answer: Answer, context: string) {
    expect(answer.status, context).toBeLessThan(500);
    if (answer.status < 400 || TRANSPORT_STATUSES.has(answer.status)) return;
    const error = (
      answer.body as { error?: { json?: { message?: unknown; data?: Record<string, unknown> } } }
    )?.error?.json;
    expect(error?.data?.code, `${context}: ${answer.text.slice(0, 300)}`).toEqual(expect.any(String));
    expect(error?.data?.appCode, context).toMatch(/^[A-Z_]+$/);
    expect(error?.data?.appCode, context).not.toBe('INTERNAL');
    expect(error?.message, context).toBe(error?.data?.appCode);
    expect(error?.data?.httpStatus, context).toBe(answer.status);
  }

  /**
   * The subscription through a server-side caller: a typed refusal, or a stream that starts normally. It is
   * started (its first pull runs its checks and first reads), told to stop at once, and pulled to its end:
   * an error its first reads meet comes out however late, as a stream stops only once they are done.
   */
  async function callerRefused(path: string, input: unknown, token: string | null, context: string) {
    const controller = new AbortController();
    const caller = await t.caller(token, controller.signal);
    let procedure: unknown = caller;
    for (const key of path.split('.')) procedure = (procedure as Record<string, unknown>)[key];
    try {
      const stream = await (procedure as (input: unknown) => Promise<AsyncIterable<unknown>>)(input);
      const iterator = stream[Symbol.asyncIterator]();
      const first = iterator.next();
      controller.abort();
      for (let step = await first; !step.done; step = await iterator.next());
      return false;
    } catch (error) {
      expect(error, context).toBeInstanceOf(TRPCError);
      // The code a client would see (what the error formatter sends over the socket).
      expect(clientErrorOf(error as TRPCError).code, `${context}: ${String(error)}`).not.toBe(
        'INTERNAL_SERVER_ERROR',
      );
      return true;
    } finally {
      controller.abort();
    }
  }

  interface Call {
    input: unknown;
    envelope: Envelope;
    session: Session;
  }

  /** One call with its answer checked; whether it was refused. */
  async function perform(path: string, type: ProcedureType, call: Call, token: string | null) {
    const body = encode(call.input, call.envelope);
    const context = `${path} ${call.envelope.kind} as ${call.session}: ${body.slice(0, 200)}`;
    if (type !== 'subscription') {
      const answer = await overHttp(path, type, body, token);
      expectTypedAnswer(answer, context);
      return { refused: answer.status >= 400, context: `${context} (${answer.status})` };
    }
    // Subscriptions are served over the WebSocket only: over HTTP, a typed 4xx whatever the input.
    const answer = await overHttp(path, type, body, token);
    expectTypedAnswer(answer, context);
    expect(answer.status, context).toBeGreaterThanOrEqual(400);
    return { refused: await callerRefused(path, call.input, token, context), context };
  }

  async function expectHealthy() {
    const res = await fetch(`${base}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  }

  /** The procedures fuzzed so far, to compare with the router's own list at the end. */
  const fuzzed = new Set<string>();

  it('has a plausible input, taken by its schema, for every procedure of the router', () => {
    const procedures = proceduresOf(appRouter)
      .map((p) => p.path)
      .sort();
    expect(
      allProcedures()
        .map((p) => p.path)
        .sort(),
    ).toEqual(procedures);
    // Hostile values replace one field of this input at a time: a field without a valid value here would
    // stop every such call at validation, before anything it could break.
    const refused = procedures
      .map((path) => [path, schemaIssue(path, validInput(path, world))] as const)
      .filter(([, issue]) => issue !== null);
    expect(Object.fromEntries(refused)).toEqual({});
  });

  // Counterexamples fast-check found (PostgreSQL cannot store U+0000: the statement failed with a 500).
  it.each([
    ['announcements.create', { title: 'a\u0000', content: 'x' }],
    ['announcements.update', { id: 'announcement', title: 'a\u0000', content: 'x' }],
    [
      'dogs.update',
      {
        id: 'myDog',
        name: 'Reks',
        breed: 'Mešanec',
        age: 3,
        gender: 'male',
        location: 'Ljubljana',
        description: 'a\u0000b',
      },
    ],
    [
      'events.update',
      {
        id: 'myEvent',
        title: '\u0000',
        eventDate: futureDate,
        eventTime: '18:00',
        locationName: 'Tivoli',
        location: 'Ljubljana',
      },
    ],
    ['events.list', { search: 'park\u0000' }],
    ['chats.send', { chatId: 'chat', content: '\u0000' }],
    ['profiles.update', { fullName: 'Ana\u0000' }],
    ['auth.signUp', { fullName: 'Ana\u0000', email: 'nul@example.com', password: 'zelo-dobro-geslo' }],
  ] as const)('refuses a NUL character in %s as bad input, writing nothing', async (path, template) => {
    if (!(await worldIntact(world))) world = await newWorld();
    const ids = world as unknown as Record<string, string>;
    const input = Object.fromEntries(
      Object.entries(template).map(([key, value]) => [
        key,
        key === 'id' || key === 'chatId' ? ids[value as string] : value,
      ]),
    );
    const type = allProcedures().find((p) => p.path === path)!.type;
    const before = await fingerprint();
    const answer = await overHttp(path, type, JSON.stringify({ json: input }), world.me.token);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: { json: { data: { appCode: 'VALIDATION' } } } });
    expect(await fingerprint()).toEqual(before);
  });

  const stats: string[] = [];

  it.each(allProcedures())(
    '$path ($type) survives hostile input',
    async ({ path, type }) => {
      const startedAt = Date.now();
      const [callsBefore, printsBefore] = [calls, fingerprints];
      if (!(await worldIntact(world))) world = await newWorld();
      const examples = syntaxExamples(path, world);
      if (ENDS_SESSION.has(path)) await makeOwnSessions(path, 3 * (RUNS + examples.length));

      // Rows are compared after every call, cheaply: `moved` (tests/helpers/row-snapshot.ts) says whether
      // anything may have been written since it was last asked, and only then are the tables printed.
      // Nothing else writes between two calls, so `printed` holds the rows as each call found them: a refused
      // call after which they differ fails, naming the tables; after an accepted one they are what the next
      // call must leave as they are.
      const ignored = new Set(WRITES_WHEN_REFUSED[path] ?? []);
      const print = async () =>
        Object.fromEntries(Object.entries(await fingerprint()).filter(([table]) => !ignored.has(table)));
      const watch = writeWatch(t.db, tables);
      const moved = async () => {
        // Work a call left for after its answer (account mail) counts as that call's.
        await t.settled();
        return watch();
      };
      await moved();
      let printed = await print();
      let accepted = 0;

      const property = fc.asyncProperty(
        inputArb(path, world),
        envelopeArb,
        sessionArb,
        async (input, envelope, session) => {
          const call = { input, envelope, session };
          const { refused, context } = await perform(path, type, call, tokenFor(path, session));
          if (!refused) accepted++;
          if (!(await moved())) return;
          const before = printed;
          printed = await print();
          const changed = Object.keys(printed).filter((table) => before[table] !== printed[table]);
          if (refused) expect(changed, `${context} changed rows`).toEqual([]);
        },
      );
      // Examples count as runs: the generated calls come after them.
      const run = await fc.check(property, { numRuns: RUNS + examples.length, examples, ...REPLAY });
      fuzzed.add(path);
      if (run.failed)
        throw new Error(
          `${path} failed after ${run.numRuns} calls (shrunk ${run.numShrinks} times). Replay it with ` +
            `FUZZ_SEED=${run.seed} FUZZ_PATH=${run.counterexamplePath} (see the top of this file).\n` +
            `Call: ${fc.stringify(run.counterexample).slice(0, 600)}\n${String(run.errorInstance)}`,
          { cause: run.errorInstance },
        );
      await expectHealthy();
      stats.push(
        `${path}: ${calls - callsBefore} calls (${accepted} accepted), ${fingerprints - printsBefore} prints, ${Date.now() - startedAt} ms`,
      );
    },
    120_000,
  );

  it('is still healthy after all of it, every procedure of the router fuzzed', async () => {
    await expectHealthy();
    expect([...fuzzed].sort()).toEqual(
      proceduresOf(appRouter)
        .map((p) => p.path)
        .sort(),
    );
  });
});
