import { TRPCError } from '@trpc/server';
import type { inferRouterInputs } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { accessTokens, emailTokens, sessions, spots, uploads, users } from '../../server/db/schema';
import type { AppRouter } from '../../server/routers/_app';
import { clientErrorOf, toAppErrorData } from '../../server/trpc/init';
import { dateInDays } from '#shared/domain/event-time';
import { DEFAULT_CHANNELS } from '#shared/domain/notify';
import { TERMS_VERSION } from '#shared/domain/terms';
import { AppError, type AppErrorCode, TRPC_CODE_OF } from '#shared/errors';
import { dbKinds, startTestApp, type TestApp } from '../helpers/app';
import { allProcedures } from '../helpers/procedures';
import { publicTables, tableFingerprint } from '../helpers/fingerprint';
import { appRouter } from '../../server/routers/_app';
import { procedureAt as factsAt } from '../../server/trpc/internals';
import { accessOf, scopeOf } from '../../server/trpc/scoped-router';
import { TOKEN_SCOPES, type TokenScope } from '#shared/domain/access-tokens';
import { makeAccessToken } from '../helpers/factories';
import { changedUserRows, type UserColumn, userColumns, userRows } from '../helpers/row-snapshot';

/**
 * Every procedure, who may call it, and what a call aimed at someone else's rows gets (issue "Every
 * procedure guarded"). The cast: Ana (owns a dog, an event, a chat with Bor, a message in it, unused
 * uploads), Bor (a dog, an event, attends Ana's), Carl (a pending like of Ana's dog), Eve (the other user:
 * her own dog, event, chat with Bor and a pending like of Ana's dog) and Ada (admin, posted an announcement
 * and removed another).
 */
interface World {
  ana: string;
  anaEmail: string;
  anaToken: string;
  anaDog: string;
  anaEvent: string;
  /** Ana's place, waiting for a moderator (her account is new), with her own review. */
  anaSpot: string;
  /** Ana's uploads no row uses yet: only her ownership keeps others from attaching them. */
  anaUpload: { dog: string; profile: string; event: string };
  anaBorChat: string;
  anaMessage: string;
  /** Bor, who attends Ana's event. */
  bor: string;
  borDog: string;
  borEvent: string;
  carl: { email: string; password: string };
  /** Carl's like of Ana's dog: pending, addressed to Ana. */
  carlRequest: string;
  eveDog: string;
  eveEvent: string;
  /** Eve's own like of Ana's dog: she sent it, only Ana may answer it. */
  eveRequest: string;
  eveBorChat: string;
  announcement: string;
  removedAnnouncement: string;
  /** Someone nobody else deals with: blocking them changes only the blocker's own rows. */
  stranger: string;
  /** Ana's browser's push subscription. */
  anaPushEndpoint: string;
  /** Ana's personal access token (its row id). */
  anaAccessToken: string;
  park: string;
  anaCheckIn: string;
  /** Ana's open lost-dog alert for her dog, last seen at ANA_LOST_AT. */
  anaLost: string;
  /** Bor saw Ana's lost dog at BOR_SAW_AT. */
  borSighting: string;
}

/** Where Ana's dog was last seen, maybe her door: others see it rounded (46.06, 14.51), never this. */
const ANA_LOST_AT = { lat: 46.0563217, lon: 14.5098765 };
/** Where Bor saw it, maybe from his window: only Ana and Bor see it exactly. */
const BOR_SAW_AT = { lat: 46.0612345, lon: 14.5187654 };

/** A browser's subscription keys (a P-256 public key and an auth secret, base64url). */
const PUSH_KEYS = {
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  auth: 'tBHItJI5svbpez7KI4CCXg',
};

/** An announcement the admin removed: gone for everyone, its text included. */
const REMOVED = { title: 'Napačno obvestilo', content: 'Geslo za Wi-Fi v zavetišču je pasji-2025' };

type Access = 'public' | 'signedIn' | 'admin';

/**
 * A refusal (its app code; nothing in the database may change), or a success: `answers` changes nothing
 * and shows nothing private of anyone else, `writes` changes the caller's own rows only: a row of any
 * other user (every row naming them, tests/helpers/row-snapshot.ts) stays as it was, but for `OTHERS_WRITTEN`.
 */
type Gets = AppErrorCode | 'answers' | 'writes';

interface Rule<I> {
  access: Access;
  /** The input every caller sends; where it takes ids, they are real rows of someone else. */
  input: ((w: World) => I) | undefined;
  /**
   * What the callers who may call get for `input`: the visitor for public procedures, Eve and Ada (an
   * admin is no owner of other people's rows) for signed-in ones. Absent: not called by them (see comment).
   */
  gets: Gets | undefined;
  /** More calls by Eve at other people's rows through her own, each with its refusal. */
  more: Array<[(w: World) => I, AppErrorCode]>;
}

type Inputs = inferRouterInputs<AppRouter>;
type Path = { [R in keyof Inputs & string]: `${R}.${keyof Inputs[R] & string}` }[keyof Inputs & string];
type InputOf<P extends Path> = P extends `${infer R extends keyof Inputs & string}.${infer Q}`
  ? Inputs[R][Q & keyof Inputs[R]]
  : never;

const open = <I>(input?: (w: World) => I, gets: Gets = 'answers'): Rule<I> => ({
  access: 'public',
  input,
  gets,
  more: [],
});
const user = <I>(
  input?: (w: World) => I,
  gets?: Gets,
  ...more: Array<[(w: World) => I, AppErrorCode]>
): Rule<I> => ({ access: 'signedIn', input, gets, more });
const admin = <I>(input?: (w: World) => I): Rule<I> => ({
  access: 'admin',
  input,
  gets: undefined,
  more: [],
});

const PASSWORD = 'zelo-dobro-geslo';
const NO_TOKEN = 'a'.repeat(32);
const dog = { name: 'Vsiljivec', breed: 'Mešanec', age: 3, gender: 'male' as const, location: 'Ljubljana' };
const event = {
  title: 'Prevzem',
  eventDate: dateInDays(3),
  eventTime: '17:30',
  locationName: 'Tromostovje',
  country: 'SI',
  location: 'Ljubljana',
};
const spot = {
  kind: 'dogPark' as const,
  name: 'Park ob Savi',
  country: 'SI',
  location: 'Ljubljana',
  lat: 46.05,
  lon: 14.5,
};
const SECRET_MESSAGE = 'Ključ je pod predpražnikom';
const INTRUDER_CHECK_IN = '5c1e0c4e-7a9b-4d3f-9e21-0b6a2f4c8d11';
const INTRUDER_LOST = '0f3c5a7e-2b4d-4e6f-8a1c-3d5e7f9a1b2c';
const INTRUDER_SIGHTING = '7d2e4f6a-8b0c-4d1e-9f3a-5b7c9d1e3f5a';
/** Eve answering the like she sent herself. */
const eveOwnLike: [(w: World) => { id: string }, AppErrorCode] = [(w) => ({ id: w.eveRequest }), 'NOT_FOUND'];

/**
 * The rows of other users a successful call changes on purpose, by the column naming them ('table.column'),
 * and why. Every other change to a row naming someone other than the caller fails the call's test.
 */
const OTHERS_WRITTEN: Partial<Record<Path, string[]>> = {
  // The visitor signs in as Carl: his new session and "last active" are the caller's own from then on.
  'auth.signIn': ['sessions.user_id', 'profiles.user_id'],
  // The reset link is Ana's, mailed to her only (the answer is the same for any address).
  'auth.requestPasswordReset': ['email_tokens.user_id'],
  // Bor's event counts Eve's seat.
  'events.join': ['events.user_id'],
  // Eve and Ada send the same endpoint, as one browser would: it moves to whoever subscribes it last
  // (notify-settings.ts; an endpoint is the browser's secret, never shown to anyone else).
  'notifySettings.subscribePush': ['push_subscriptions.user_id'],
  // The block is Eve's row; it names whom she blocked.
  'safety.block': ['blocks.blocked_id'],
  // A report is the reporter's; it names the user it is about, for the moderators.
  'safety.report': ['reports.target_user_id'],
};

/** The authorization table: one entry per procedure, by router. */
const table: { [P in Path]: Rule<InputOf<P>> } = {
  // auth: the way in, open to visitors; aimed at Ana's account it takes nothing over.
  // Ana's account is untouched; she alone is told by mail (the answer is the same for any address).
  'auth.signUp': open((w) => ({ fullName: 'Vsiljivec', email: w.anaEmail, password: PASSWORD }), 'writes'),
  'auth.confirmEmail': open(() => ({ token: NO_TOKEN, password: PASSWORD }), 'INVALID_TOKEN'),
  'auth.signIn': open((w) => ({ email: w.carl.email, password: w.carl.password }), 'writes'),
  'auth.signOut': open(), // signed out already: nothing to end
  'auth.requestPasswordReset': open((w) => ({ email: w.anaEmail }), 'writes'), // the link goes to Ana only
  'auth.resetPassword': open(() => ({ token: NO_TOKEN, password: 'novo-dobro-geslo' }), 'INVALID_TOKEN'),
  'auth.me': open(),

  'profiles.me': user(undefined, 'answers'),
  'profiles.update': user((w) => ({ fullName: 'Eva', photoKey: w.anaUpload.profile }), 'UPLOAD_NOT_FOUND'),
  'profiles.byUserId': user((w) => ({ userId: w.ana }), 'answers'), // public card, no e-mail
  'profiles.stats': user(undefined, 'answers'),

  'dogs.mine': user(undefined, 'answers'),
  'dogs.deck': user((w) => ({ fromDogId: w.anaDog }), 'NOT_FOUND'), // swiping as Ana's dog
  'dogs.demoDeck': open(),
  'dogs.deckFilters': user(undefined, 'answers'), // the caller's own (or the defaults)
  'dogs.setDeckFilters': user(() => ({ radiusKm: 20, sizes: ['small' as const] }), 'writes'),
  'dogs.byId': user((w) => ({ id: w.anaDog }), 'answers'), // public card
  'dogs.create': user((w) => ({ ...dog, photos: [w.anaUpload.dog] }), 'UPLOAD_NOT_FOUND'),
  'dogs.update': user((w) => ({ ...dog, id: w.anaDog }), 'NOT_FOUND', [
    (w) => ({ ...dog, id: w.eveDog, photos: [w.anaUpload.dog] }),
    'UPLOAD_NOT_FOUND',
  ]),
  'dogs.remove': user((w) => ({ id: w.anaDog }), 'NOT_FOUND'),
  'dogs.onChange': user(undefined, 'answers'), // the caller's own dogs only

  'likes.like': user((w) => ({ fromDogId: w.anaDog, dogId: w.borDog }), 'NOT_FOUND'), // as Ana's dog
  'likes.pass': user((w) => ({ fromDogId: w.anaDog, dogId: w.borDog }), 'NOT_FOUND'),
  'likes.undoPass': user((w) => ({ fromDogId: w.anaDog }), 'NOT_FOUND'), // a pass in Ana's dog's deck
  'likes.liked': user(undefined, 'answers'), // the caller's likes only
  'requests.list': user(undefined, 'answers'),
  'requests.unreadCount': user(undefined, 'answers'),
  // Requests addressed to Ana: Carl's, and Eve's own (the liker cannot answer her own like).
  'requests.markRead': user((w) => ({ id: w.carlRequest }), 'NOT_FOUND', eveOwnLike),
  'requests.accept': user((w) => ({ id: w.carlRequest }), 'NOT_FOUND', eveOwnLike),
  'requests.reject': user((w) => ({ id: w.carlRequest }), 'NOT_FOUND', eveOwnLike),
  // Only the liker takes a request back: Carl's is not Eve's to withdraw.
  'requests.withdraw': user((w) => ({ id: w.carlRequest }), 'NOT_FOUND'),
  'requests.onChange': user(() => ({ lastEventId: '0' }), 'answers'), // from the start: still only her own

  'chats.list': user(undefined, 'answers'),
  'chats.messages': user((w) => ({ chatId: w.anaBorChat }), 'NOT_FOUND'),
  'chats.send': user(
    (w) => ({ chatId: w.anaBorChat, content: 'vdor' }),
    'NOT_FOUND',
    // Ana's message id in Eve's own chat: a "retry" must not reveal or touch it.
    [(w) => ({ chatId: w.eveBorChat, id: w.anaMessage, content: 'ponaredek' }), 'VALIDATION'],
  ),
  'chats.markRead': user((w) => ({ chatId: w.anaBorChat }), 'NOT_FOUND'),
  'chats.hide': user((w) => ({ chatId: w.anaBorChat }), 'NOT_FOUND'),
  'chats.remove': user((w) => ({ chatId: w.anaBorChat }), 'NOT_FOUND'),
  'chats.onMessage': user((w) => ({ chatId: w.anaBorChat, lastEventId: '0' }), 'NOT_FOUND'),
  'chats.onChange': user(undefined, 'answers'),

  // events: reading is public; only the creator changes an event, anyone signed in joins one.
  'events.list': open(),
  'events.byId': open((w) => ({ id: w.anaEvent })),
  'events.attendees': open((w) => ({ eventId: w.anaEvent })),
  'events.create': user((w) => ({ ...event, imageKey: w.anaUpload.event }), 'UPLOAD_NOT_FOUND'),
  'events.update': user((w) => ({ ...event, id: w.anaEvent }), 'NOT_FOUND', [
    (w) => ({ ...event, id: w.eveEvent, imageKey: w.anaUpload.event }),
    'UPLOAD_NOT_FOUND',
  ]),
  'events.remove': user((w) => ({ id: w.anaEvent }), 'NOT_FOUND'),
  'events.join': user((w) => ({ id: w.borEvent }), 'writes'), // joining others' events is the point
  'events.leave': user((w) => ({ id: w.anaEvent }), 'answers'), // Bor attends, the caller does not: Bor stays
  'events.past': user(undefined, 'answers'), // the caller's own history
  // Ana's tools over Bor's seat at her event.
  'events.removeAttendee': user((w) => ({ eventId: w.anaEvent, userId: w.bor }), 'NOT_FOUND'),
  'events.decide': user((w) => ({ eventId: w.anaEvent, userId: w.bor, approve: false }), 'NOT_FOUND'),
  'events.exportAttendees': user((w) => ({ eventId: w.anaEvent }), 'NOT_FOUND'),
  // Ana's event's chat: only its organiser and those with a seat.
  'events.chatMessages': user((w) => ({ eventId: w.anaEvent }), 'NOT_FOUND'),
  'events.chatRead': user((w) => ({ eventId: w.anaEvent, seq: 1 }), 'NOT_FOUND'),
  'events.chatSend': user((w) => ({ eventId: w.anaEvent, content: 'Vsiljivec' }), 'NOT_FOUND'),
  'events.onChatMessage': user((w) => ({ eventId: w.anaEvent, lastEventId: '0' }), 'NOT_FOUND'),
  // The caller's own calendar feed (made by the call above in this order, so revoking writes their own row).
  'events.calendarFeed': user(undefined, 'answers'),
  'events.createCalendarFeed': user(undefined, 'writes'),
  'events.revokeCalendarFeed': user(undefined, 'writes'),

  'announcements.list': open(),
  'announcements.create': admin(() => ({ title: 'Lažno', content: 'Lažno obvestilo' })),
  'announcements.update': admin((w) => ({ id: w.announcement, title: 'Lažno', content: 'Lažno obvestilo' })),
  'announcements.remove': admin((w) => ({ id: w.announcement })),
  'announcements.onChange': open(() => ({ lastEventId: '0' })), // from the start: removed ones without text

  'account.export': user(undefined, 'writes'), // the caller's own data (the other side of a chat by name only); counted against its hourly exports
  'account.delete': user(), // would delete the caller: account.test.ts covers it; here only the visitor
  'account.acceptTerms': user(() => ({ termsVersion: TERMS_VERSION }), 'writes'), // the caller's own account

  'shop.status': user(undefined, 'answers'),
  'shop.notify': user(undefined, 'writes'),

  'config.get': open(),

  // Places: anyone reads the published ones; Ana's waiting place is hers alone, and so is her review of it.
  'spots.near': open(() => ({ lat: 46.05, lon: 14.5 })),
  'spots.byId': open((w) => ({ id: w.anaSpot }), 'NOT_FOUND'),
  'spots.mine': user(undefined, 'answers'),
  'spots.create': user((w) => ({ ...spot, photos: [w.anaUpload.dog] }), 'UPLOAD_NOT_FOUND'),
  'spots.review': user((w) => ({ spotId: w.anaSpot, rating: 1 }), 'NOT_FOUND'),
  'spots.removeReview': user((w) => ({ spotId: w.anaSpot }), 'writes'), // the caller has none: Ana's stays
  'spots.hereNow': open((w) => ({ id: w.anaSpot }), 'NOT_FOUND'), // Ana's place waits for a moderator
  // A waiting place is its author's alone: nobody else suggests a change to it.
  'spots.suggest': user((w) => ({ ...spot, spotId: w.anaSpot, name: 'Moj park' }), 'NOT_FOUND'),
  // Ana's dog at a published place; Ana's check-in id with Eve's own dog (a "retry" of someone else's).
  'spots.checkIn': user((w) => ({ id: INTRUDER_CHECK_IN, spotId: w.park, dogIds: [w.anaDog] }), 'NOT_FOUND', [
    (w) => ({ id: w.anaCheckIn, spotId: w.park, dogIds: [w.eveDog] }),
    'VALIDATION',
  ]),
  'spots.checkOut': user(undefined, 'writes'), // the caller's own check-in only: Ana's at the park goes on

  // lost dogs: others see Ana's alert (its point rounded: ANA_LOST_AT is a secret) and change nothing of it.
  'lost.list': user(undefined, 'answers'),
  'lost.byId': user((w) => ({ id: w.anaLost }), 'answers'),
  // Ana's dog; Ana's alert id with Eve's own dog (a "retry" of someone else's).
  'lost.report': user(
    (w) => ({ id: INTRUDER_LOST, dogId: w.anaDog, ...ANA_LOST_AT, seenAt: new Date() }),
    'NOT_FOUND',
    [(w) => ({ id: w.anaLost, dogId: w.eveDog, ...ANA_LOST_AT, seenAt: new Date() }), 'VALIDATION'],
  ),
  // A found dog is posted with the poster's own photo, under an id nobody else's alert has.
  'lost.reportFound': user(
    (w) => ({ id: INTRUDER_LOST, ...ANA_LOST_AT, seenAt: new Date(), looks: 'Rjav', photo: w.anaUpload.dog }),
    'UPLOAD_NOT_FOUND',
    [
      (w) => ({ id: w.anaLost, ...ANA_LOST_AT, seenAt: new Date(), looks: 'Rjav', photo: w.anaUpload.dog }),
      'VALIDATION',
    ],
  ),
  'lost.widen': user((w) => ({ id: w.anaLost, radiusKm: 25 }), 'NOT_FOUND'),
  'lost.found': user((w) => ({ id: w.anaLost }), 'NOT_FOUND'),
  'lost.renew': user((w) => ({ id: w.anaLost }), 'NOT_FOUND'),
  'lost.withdraw': user((w) => ({ id: w.anaLost }), 'NOT_FOUND'),
  // Anyone may say they saw Ana's dog (tests/integration/lost-sightings.test.ts), but not with Ana's photo,
  // nor under Bor's sighting's id; only Ana and Bor see his point, and only they talk about it.
  'lost.sight': user(
    (w) => ({
      id: INTRUDER_SIGHTING,
      alertId: w.anaLost,
      ...BOR_SAW_AT,
      seenAt: new Date(),
      photo: w.anaUpload.dog,
    }),
    'UPLOAD_NOT_FOUND',
    [(w) => ({ id: w.borSighting, alertId: w.anaLost, ...BOR_SAW_AT, seenAt: new Date() }), 'VALIDATION'],
  ),
  'lost.sightings': user((w) => ({ id: w.anaLost }), 'answers'),
  'lost.contact': user((w) => ({ id: w.borSighting }), 'NOT_FOUND'),
  // Ana's dog is lost, not found: there is no finder to write to.
  'lost.contactFinder': user((w) => ({ id: w.anaLost }), 'NOT_FOUND'),

  // notifications: only the caller's own choices and devices; someone else's endpoint is not found, unchanged.
  'notifySettings.preferences': user(undefined, 'answers'),
  'notifySettings.updatePreferences': user(
    () => ({
      channels: { ...DEFAULT_CHANNELS, messages: 'email' },
      quietHours: null,
      timeZone: 'Europe/Ljubljana',
    }),
    'writes',
  ),
  'notifySettings.push': user((w) => ({ endpoint: w.anaPushEndpoint }), 'answers'),
  'notifySettings.subscribePush': user(
    () => ({ endpoint: 'https://push.example.test/caller', keys: PUSH_KEYS }),
    'writes',
  ),
  'notifySettings.unsubscribePush': user((w) => ({ endpoint: w.anaPushEndpoint }), 'answers'),
  'notifySettings.setLocale': user(() => ({ locale: 'de' as const }), 'writes'),

  // safety: a block is the blocker's own row; unblocking someone not blocked changes nothing; anyone may report.
  'safety.block': user((w) => ({ userId: w.stranger }), 'writes'),
  'safety.unblock': user((w) => ({ userId: w.ana }), 'answers'),
  'safety.blocked': user(undefined, 'answers'),
  'safety.report': open(
    (w) => ({
      targetType: 'dog',
      targetId: w.anaDog,
      reason: 'spam',
      goodFaith: true,
      contactEmail: 'x@example.com',
    }),
    'writes',
  ),
  // Only the user a decision is about may appeal it.
  'safety.appeal': user((w) => ({ actionId: w.anaDog, text: 'Ni res.' }), 'NOT_FOUND'),

  'admin.reports': admin(() => undefined),
  'admin.decide': admin((w) => ({ reportId: w.anaDog, action: 'ban', statement: 'Lažno' })),
  'admin.appeals': admin(),
  'admin.decideAppeal': admin((w) => ({ appealId: w.anaDog, reverse: true, statement: 'Lažno' })),
  'admin.auditLog': admin(),
  'admin.suggestions': admin(),
  'admin.decideSuggestion': admin((w) => ({ id: w.anaSpot, apply: true })),

  // tokens: only my own; the admin scope only for admins.
  'tokens.list': user(undefined, 'answers'),
  'tokens.create': user(
    () => ({ name: 'Skripta', scopes: ['read'] as TokenScope[], expiresInDays: 7 }),
    'writes',
    [() => ({ name: 'Skripta', scopes: ['admin'], expiresInDays: 7 }), 'FORBIDDEN'],
  ),
  'tokens.revoke': user((w) => ({ id: w.anaAccessToken }), 'NOT_FOUND'),
};

type Api = Awaited<ReturnType<TestApp['caller']>>;
type Outcome = { ok: true; value: unknown } | { ok: false; code: string };

/** The caller's procedure at `path` ('dogs.remove'), called the way the web app calls it. */
function procedureAt(api: Api, path: string) {
  return path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], api) as (
    input?: unknown,
  ) => unknown;
}

/** `TRPC_CODE APP_CODE` of a refusal, e.g. 'NOT_FOUND NOT_FOUND', 'UNAUTHORIZED UNAUTHENTICATED'. */
const refusal = (code: AppErrorCode) => `${TRPC_CODE_OF[code]} ${code}`;

function refusalOf(error: unknown): string {
  if (error instanceof TRPCError) return `${clientErrorOf(error).code} ${toAppErrorData(error).appCode}`;
  if (error instanceof AppError) return refusal(error.code);
  throw error;
}

/**
 * Runs one call. A subscription is started (its first pull runs its checks and first reads), told to stop at
 * once, and pulled to its end: everything its first reads send, or its error whenever it comes (no "quiet
 * for a while" guess: a stream stops only once the reads under way are done).
 */
async function run(api: Api, controller: AbortController, path: string, type: string, input: unknown) {
  try {
    const result = await procedureAt(api, path)(input);
    if (type !== 'subscription') return { ok: true, value: result } satisfies Outcome;
    const iterator = (result as AsyncIterable<unknown>)[Symbol.asyncIterator]();
    const first = iterator.next();
    controller.abort();
    const items: unknown[] = [];
    for (let step = await first; !step.done; step = await iterator.next()) items.push(step.value);
    return { ok: true, value: items } satisfies Outcome;
  } catch (error) {
    return { ok: false, code: refusalOf(error) } satisfies Outcome;
  }
}

describe('the authorization table', () => {
  it('has one entry per procedure of the router, and none for a procedure that does not exist', () => {
    const paths = allProcedures().map((p) => p.path);
    const named = Object.keys(table);
    expect({
      withoutEntry: paths.filter((path) => !named.includes(path)),
      notAProcedure: named.filter((path) => !paths.includes(path)),
    }).toEqual({ withoutEntry: [], notAProcedure: [] });
    expect(paths).toHaveLength(113);
  });
});

describe.each(dbKinds())('authorization on %s', (kind) => {
  let t: TestApp;
  let w: World;
  let eve: { id: string; token: string };
  let ada: { id: string; token: string };
  let tables: string[];
  let ownerColumns: UserColumn[];

  beforeAll(async () => {
    t = await startTestApp(kind, { ADMIN_EMAILS: 'ada@example.com' });
    const person = async (email: string, dogName?: string) => {
      const signed = await t.signedInUser(email, PASSWORD);
      const api = await t.caller(signed.token);
      const dogId = dogName
        ? (
            await api.dogs.create({
              name: dogName,
              breed: 'Mešanec',
              age: 3,
              gender: 'male',
              location: 'Ljubljana',
            })
          ).id
        : '';
      return { id: signed.user.id, email, token: signed.token, api, dogId };
    };
    const [ana, bor, carl, eva, admin, stranger] = [
      await person('ana@example.com', 'Piki'),
      await person('bor@example.com', 'Rex'),
      await person('carl@example.com', 'Luna'),
      await person('eve@example.com', 'Nero'),
      await person('ada@example.com'),
      await person('stranger@example.com'),
    ];
    eve = eva;
    ada = admin;

    const anaEvent = await ana.api.events.create({ ...event, title: 'Anin sprehod' });
    const borEvent = await bor.api.events.create({ ...event, title: 'Borov sprehod' });
    const eveEvent = await eva.api.events.create({ ...event, title: 'Evin sprehod' });
    await bor.api.events.join({ id: anaEvent.id });
    const anaSpot = await ana.api.spots.create({ ...spot, name: 'Anin park' });
    await ana.api.spots.review({ spotId: anaSpot.id, rating: 5, tip: 'Veliko sence' });
    // A published place with Ana and her dog checked in.
    const park = await ana.api.spots.create({ ...spot, name: 'Javni park' });
    await t.db.update(spots).set({ status: 'published' }).where(eq(spots.id, park.id));
    const anaCheckIn = randomUUID();
    await ana.api.spots.checkIn({ id: anaCheckIn, spotId: park.id, dogIds: [ana.dogId] });
    const anaLost = randomUUID();
    await ana.api.lost.report({ id: anaLost, dogId: ana.dogId, ...ANA_LOST_AT, seenAt: new Date() });
    const borSighting = randomUUID();
    await bor.api.lost.sight({ id: borSighting, alertId: anaLost, ...BOR_SAW_AT, seenAt: new Date() });

    // Ana likes Bor's dog and Bor accepts: their chat, with a message of Ana's.
    await ana.api.likes.like({ fromDogId: ana.dogId, dogId: bor.dogId });
    const [anaToBor] = await bor.api.requests.list();
    const { chatId: anaBorChat } = await bor.api.requests.accept({ id: anaToBor!.id });
    const message = await ana.api.chats.send({ chatId: anaBorChat, content: SECRET_MESSAGE });
    // Eve's chat with Bor the same way.
    await eva.api.likes.like({ fromDogId: eva.dogId, dogId: bor.dogId });
    const eveToBor = (await bor.api.requests.list()).find((r) => r.counterpart?.userId === eva.id);
    const { chatId: eveBorChat } = await bor.api.requests.accept({ id: eveToBor!.id });
    // Two pending likes of Ana's dog: Carl's and Eve's.
    await carl.api.likes.like({ fromDogId: carl.dogId, dogId: ana.dogId });
    await eva.api.likes.like({ fromDogId: eva.dogId, dogId: ana.dogId });
    const received = await ana.api.requests.list();
    const requestFrom = (userId: string) =>
      received.find((r) => r.direction === 'received' && r.counterpart?.userId === userId)!.id;

    // Uploads as the upload route records them (attachUploads reads only these rows).
    const key = (folder: string) => `${folder}/${'k'.repeat(26)}`;
    const anaUpload = { dog: key('dogs'), profile: key('profiles'), event: key('events') };
    await t.db.insert(uploads).values([
      { key: anaUpload.dog, ownerId: ana.id, kind: 'dog' },
      { key: anaUpload.profile, ownerId: ana.id, kind: 'profile' },
      { key: anaUpload.event, ownerId: ana.id, kind: 'event' },
    ]);

    const announcement = await admin.api.announcements.create({ title: 'Dobrodošli', content: 'Prvo' });
    const removed = await admin.api.announcements.create(REMOVED);
    await admin.api.announcements.remove({ id: removed.id });
    const anaPushEndpoint = 'https://push.example.test/ana';
    await ana.api.notifySettings.subscribePush({ endpoint: anaPushEndpoint, keys: PUSH_KEYS });
    const anaAccessToken = (await makeAccessToken(t.db, ana.id)).id;

    w = {
      ana: ana.id,
      anaEmail: ana.email,
      anaToken: ana.token,
      anaDog: ana.dogId,
      anaEvent: anaEvent.id,
      anaSpot: anaSpot.id,
      park: park.id,
      anaCheckIn,
      anaLost,
      borSighting,
      anaUpload,
      anaBorChat,
      anaMessage: message.id,
      bor: bor.id,
      borDog: bor.dogId,
      borEvent: borEvent.id,
      carl: { email: carl.email, password: PASSWORD },
      carlRequest: requestFrom(carl.id),
      eveDog: eva.dogId,
      eveEvent: eveEvent.id,
      eveRequest: requestFrom(eva.id),
      eveBorChat,
      announcement: announcement.id,
      removedAnnouncement: removed.id,
      stranger: stranger.id,
      anaPushEndpoint,
      anaAccessToken,
    };
    tables = await publicTables(t.db);
    ownerColumns = await userColumns(t.db);
  });
  afterAll(() => t.close());

  /** Every table of the public schema: row count and a digest of all its rows. */
  async function fingerprint(): Promise<Record<string, string>> {
    return tableFingerprint(t.db, tables);
  }

  /** What `callerId` must never see: others' e-mails, every secret hash, Ana's chat and unused uploads, Carl's like. */
  async function secretsFor(callerId: string | null): Promise<Record<string, string>> {
    const secrets: Record<string, string> = {
      "Ana and Bor's chat": w.anaBorChat,
      "Ana's message id": w.anaMessage,
      "Ana's message": SECRET_MESSAGE,
      "Carl's like of Ana's dog": w.carlRequest,
      "a removed announcement's title": REMOVED.title,
      "a removed announcement's text": REMOVED.content,
      ...Object.fromEntries(Object.entries(w.anaUpload).map(([k, v]) => [`Ana's ${k} upload`, v])),
    };
    if (callerId !== w.ana) {
      secrets["where Ana's dog was lost (latitude)"] = String(ANA_LOST_AT.lat);
      secrets["where Ana's dog was lost (longitude)"] = String(ANA_LOST_AT.lon);
    }
    if (callerId !== w.ana && callerId !== w.bor) {
      secrets['where Bor saw it (latitude)'] = String(BOR_SAW_AT.lat);
      secrets['where Bor saw it (longitude)'] = String(BOR_SAW_AT.lon);
    }
    for (const row of await t.db.select().from(users)) {
      if (row.id !== callerId) secrets[`e-mail ${row.email}`] = row.email;
      if (row.passwordHash) secrets[`password hash of ${row.email}`] = row.passwordHash;
    }
    for (const row of await t.db.select({ id: sessions.id }).from(sessions))
      secrets['a session hash'] = row.id;
    for (const [i, row] of (await t.db.select({ hash: accessTokens.tokenHash }).from(accessTokens)).entries())
      secrets[`access token hash ${i}`] = row.hash;
    for (const row of await t.db.select({ hash: emailTokens.tokenHash }).from(emailTokens))
      secrets['an e-mail token hash'] = row.hash;
    return secrets;
  }

  /**
   * One call as `who`, with the database's fingerprint before and after, the rows of every other user before
   * and after (`othersChanged`: 'users.id of ana@example.com'), and, for answers, what leaked.
   */
  async function attempt(
    who: { id: string; token: string } | null,
    path: string,
    type: string,
    input: unknown,
  ) {
    const controller = new AbortController();
    const api = await t.caller(who?.token ?? null, controller.signal);
    const secrets = await secretsFor(who?.id ?? null);
    const people = await t.db.select({ id: users.id, email: users.email }).from(users);
    const others = people.filter((person) => person.id !== who?.id).map((person) => person.id);
    const nameOf = (id: string) => people.find((person) => person.id === id)?.email ?? id;
    // Work an earlier call left for after its answer (account mail) is done before and after this one.
    await t.settled();
    const before = await fingerprint();
    const othersBefore = await userRows(t.db, ownerColumns, others);
    const outcome = await run(api, controller, path, type, input);
    await t.settled();
    const after = await fingerprint();
    const othersAfter = await userRows(t.db, ownerColumns, others);
    const text = outcome.ok ? (JSON.stringify(outcome.value) ?? '') : '';
    return {
      result: outcome.ok ? 'ok' : outcome.code,
      changed: tables.filter((table) => before[table] !== after[table]),
      othersChanged: changedUserRows(othersBefore, othersAfter, nameOf, OTHERS_WRITTEN[path as Path]),
      leaked: Object.entries(secrets)
        .filter(([, secret]) => text.includes(secret))
        .map(([label]) => label),
    };
  }

  function expected(gets: Gets) {
    if (gets === 'writes')
      return { result: 'ok', changed: expect.any(Array), othersChanged: [], leaked: expect.any(Array) };
    if (gets === 'answers') return { result: 'ok', changed: [], othersChanged: [], leaked: [] };
    return { result: refusal(gets), changed: [], othersChanged: [], leaked: [] };
  }

  it.each(allProcedures())('$path ($type)', async ({ path, type }) => {
    const rule = table[path as Path] as Rule<unknown> | undefined;
    if (!rule) throw new Error(`${path} has no entry in the authorization table`);
    const input = rule.input?.(w);
    const calls: Array<[string, { id: string; token: string } | null, unknown, Gets]> = [
      ['a visitor', null, input, rule.access === 'public' ? (rule.gets ?? 'answers') : 'UNAUTHENTICATED'],
    ];
    if (rule.access === 'admin') calls.push(['Eve (no admin)', eve, input, 'FORBIDDEN']);
    if (rule.access === 'signedIn' && rule.gets)
      calls.push(['Eve', eve, input, rule.gets], ['Ada (admin)', ada, input, rule.gets]);
    for (const [more, gets] of rule.more) calls.push(['Eve, through her own rows', eve, more(w), gets]);

    for (const [who, caller, callInput, gets] of calls)
      expect(await attempt(caller, path, type, callInput), `${path} as ${who}`).toEqual(expected(gets));
  });

  /** Personal access tokens with exactly these scopes (made once per owner and set). */
  const tokens = new Map<string, { id: string; token: string }>();
  async function withToken(owner: { id: string }, scopes: TokenScope[]) {
    const key = `${owner.id}:${scopes.join(',')}`;
    let caller = tokens.get(key);
    if (!caller)
      tokens.set(
        key,
        (caller = { id: owner.id, token: (await makeAccessToken(t.db, owner.id, { scopes })).token }),
      );
    return caller;
  }

  /**
   * Every procedure with a personal access token (issue 22), by the one scope rule (server/auth/scopes.ts):
   * a token without the scope is refused and nothing changes; a token with only that scope gets what the
   * caller's session gets; procedures for a browser session refuse every token.
   */
  it.each(allProcedures())('$path ($type) with personal access tokens', async ({ path, type }) => {
    const rule = table[path as Path] as Rule<unknown>;
    const access = ({ public: 'public', signedIn: 'user', admin: 'admin' } as const)[rule.access];
    // The builder's meta says who may call as the table does; the scope is the procedure's own.
    const facts = factsAt(appRouter, path)!;
    expect(accessOf(facts)).toBe(access);
    const scope = scopeOf(facts);
    expect([...TOKEN_SCOPES, 'session']).toContain(scope);
    if (access === 'admin') expect(scope).toBe('admin');
    const input = rule.input?.(w);
    const userScopes: TokenScope[] = ['read', 'write', 'chat'];
    const calls: Array<[string, { id: string; token: string }, Gets]> = [];
    if (scope === 'session')
      calls.push(['Eve, every scope', await withToken(eve, userScopes), 'SESSION_REQUIRED']);
    else if (scope === 'admin') {
      calls.push(['Ada, every scope but admin', await withToken(ada, userScopes), 'MISSING_SCOPE']);
      // A token's admin scope makes no one an admin (the role is checked on every call).
      calls.push([
        'Eve, admin scope',
        await withToken(eve, ['admin']),
        access === 'admin' ? 'FORBIDDEN' : 'answers',
      ]);
    } else {
      const others = userScopes.filter((other) => other !== scope);
      calls.push([`Eve, ${others.join(' and ')}`, await withToken(eve, others), 'MISSING_SCOPE']);
      const gets = access === 'public' ? (rule.gets ?? 'answers') : rule.gets;
      if (gets) calls.push([`Eve, ${scope} only`, await withToken(eve, [scope]), gets]);
    }
    for (const [who, caller, gets] of calls) {
      const outcome = await attempt(caller, path, type, input);
      // A call past the scope check counts in the token's row (last used, calls this minute); a refused one not.
      if (gets !== 'MISSING_SCOPE' && gets !== 'SESSION_REQUIRED')
        outcome.changed = outcome.changed.filter((table) => table !== 'access_tokens');
      expect(outcome, `${path} as ${who}`).toEqual(expected(gets));
    }
  });

  it('tells announcements.onChange subscribers which announcement was removed, without its text', async () => {
    const controller = new AbortController();
    const api = await t.caller(null, controller.signal);
    const outcome = await run(api, controller, 'announcements.onChange', 'subscription', {
      lastEventId: '0',
    });
    const items = (outcome.ok ? (outcome.value as [string, { id: string }][]) : []).map(([, item]) => item);
    expect(items.find((item) => item.id === w.removedAnnouncement)).toMatchObject({
      isActive: false,
      title: '',
      content: '',
    });
  });

  describe('over real HTTP and WebSocket', () => {
    let base: string;
    beforeAll(async () => {
      base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    });

    const post = (procedures: string, body: unknown, headers: Record<string, string>) =>
      fetch(`${base}/trpc/${procedures}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `tacke_session=${w.anaToken}`, ...headers },
        body: JSON.stringify(body),
      });

    // http.test.ts already checks a cross-site auth.signIn (403, no cookie) and a WebSocket upgrade from
    // https://evil.example (403). Here: the forged request carries the victim's session cookie.
    it("refuses another site's mutations made with Ana's session cookie, and nothing changes", async () => {
      // Warm: the session is checked (and "last active" set) before the fingerprints.
      expect(
        (await fetch(`${base}/trpc/auth.me`, { headers: { cookie: `tacke_session=${w.anaToken}` } })).status,
      ).toBe(200);
      const before = await fingerprint();
      const foreign: Record<string, string>[] = [
        { origin: 'https://evil.example' },
        { origin: 'null' }, // sandboxed frames and file: pages
        { 'sec-fetch-site': 'cross-site' },
        { 'sec-fetch-site': 'same-site', origin: 'https://evil.tacke.test' }, // a sibling subdomain
      ];
      for (const headers of foreign) {
        for (const [procedure, input] of [
          ['dogs.remove', { id: w.anaDog }],
          ['chats.send', { chatId: w.anaBorChat, content: 'ponaredek' }],
          ['account.delete', undefined],
        ] as const) {
          const res = await post(procedure, { json: input }, headers);
          expect(res.status, `${procedure} with ${JSON.stringify(headers)}`).toBe(403);
          expect((await res.json()).error.json.data.appCode).toBe('CROSS_ORIGIN');
          expect(res.headers.get('set-cookie')).toBeNull();
        }
        const batch = await post(
          'dogs.remove,events.remove?batch=1',
          { 0: { json: { id: w.anaDog } }, 1: { json: { id: w.anaEvent } } },
          headers,
        );
        expect(
          ((await batch.json()) as { error: { json: { data: { appCode: string } } } }[]).map(
            (r) => r.error.json.data.appCode,
          ),
        ).toEqual(['CROSS_ORIGIN', 'CROSS_ORIGIN']);
      }
      expect(await fingerprint()).toEqual(before);
      // The same cookie from our own pages does change state: the refusals above were the origin's.
      const own = await post('shop.notify', { json: undefined }, { 'sec-fetch-site': 'same-origin' });
      expect(own.status).toBe(200);
      expect(await fingerprint()).not.toEqual(before);
    });

    it('refuses WebSocket upgrades from a null origin or a cross-site fetch, and opens them from our own', async () => {
      const upgrade = (headers: Record<string, string>) =>
        new Promise<number>((resolve) => {
          const { origin, ...rest } = headers;
          const socket = new WebSocket(`${base.replace('http', 'ws')}/trpc`, {
            ...(origin ? { origin } : {}),
            headers: rest,
          });
          socket.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
          socket.on('open', () => {
            socket.close();
            resolve(101);
          });
          socket.on('error', () => resolve(-1));
        });
      expect(await upgrade({ origin: 'null' })).toBe(403);
      expect(await upgrade({ 'sec-fetch-site': 'cross-site' })).toBe(403);
      expect(await upgrade({ 'sec-fetch-site': 'same-site', origin: 'https://evil.tacke.test' })).toBe(403);
      expect(await upgrade({ origin: base })).toBe(101);
    });
  });
});
