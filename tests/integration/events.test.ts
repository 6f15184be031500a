import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventAttendees, events } from '../../server/db/schema';
import { dateInDays, eventInstant, eventWeeks, todayInLjubljana } from '#shared/domain/event-time';
import { LIMITS } from '#shared/limits';
import { EVENT_INPUT, makeEvent } from '../helpers/factories';
import { dbKinds, failure, startTestApp, type TestApp } from '../helpers/app';

const base = EVENT_INPUT;

describe.each(dbKinds())('events on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  async function user() {
    const signed = await t.signedInUser();
    return { ...signed, api: await t.caller(signed.token) };
  }
  type User = Awaited<ReturnType<typeof user>>;

  /** An event row straight in the database (any start, any creator), for filters and caps. */
  const eventAt = (creator: User, startsAt: Date, fields: Partial<typeof events.$inferInsert> = {}) =>
    makeEvent(t.db, creator.user.id, { title: 'Vstavljen', city: 'Maribor', ...fields, startsAt });

  it('create stores the event with defaults; list and byId show it with its creator', async () => {
    const ana = await user();
    const created = await ana.api.events.create({ ...base, description: '  Z vodo za pse.  ' });
    expect(created).toMatchObject({
      title: base.title,
      description: 'Z vodo za pse.',
      city: 'Ljubljana',
      country: 'SI',
      eventType: 'meetup',
      maxAttendees: LIMITS.eventAttendees.default,
      // The creator holds a seat: the badge counts the same people as the list.
      currentAttendees: 1,
      isMine: true,
      isAttending: false,
      creator: { userId: ana.user.id, fullName: 'Test Uporabnik' },
    });
    expect(created.startsAt).toEqual(eventInstant(base.eventDate, '17:30'));
    const visitor = await t.caller();
    expect((await visitor.events.list()).find((e) => e.id === created.id)).toMatchObject({ isMine: false });
    expect(await visitor.events.byId({ id: created.id })).toMatchObject({
      id: created.id,
      isAttending: false,
    });
  });

  it('refuses past times, bad times, missing fields, a city outside the country and out-of-range sizes', async () => {
    const ana = await user();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ eventDate: todayInLjubljana(), eventTime: '00:00' }, 'eventTime', 'validation.eventInPast'],
      [{ eventDate: dateInDays(-2) }, 'eventTime', 'validation.eventInPast'],
      [{ eventTime: '25:00' }, 'eventTime', 'validation.eventTimeFormat'],
      [{ eventTime: '7:5' }, 'eventTime', 'validation.eventTimeFormat'],
      [{ title: '   ' }, 'title', 'validation.eventTitleRequired'],
      [{ locationName: '' }, 'locationName', 'validation.eventLocationRequired'],
      [{ location: 'Dunaj' }, 'location', 'validation.locationInvalid'],
      [{ maxAttendees: 1 }, 'maxAttendees', 'validation.eventAttendeesRange'],
      [{ maxAttendees: 101 }, 'maxAttendees', 'validation.eventAttendeesRange'],
      [{ eventDate: '9999-12-31' }, 'eventDate', 'validation.eventDateTooFar'],
      [{ eventDate: dateInDays(LIMITS.event.maxDaysAhead + 1) }, 'eventDate', 'validation.eventDateTooFar'],
      [{ durationMinutes: 14 }, 'durationMinutes', 'validation.eventDurationRange'],
      [{ durationMinutes: 24 * 60 + 1 }, 'durationMinutes', 'validation.eventDurationRange'],
      [{ durationMinutes: 90.5 }, 'durationMinutes', 'validation.eventDurationRange'],
      [{ durationMinutes: '90' }, 'durationMinutes', 'validation.eventDurationRange'],
    ];
    for (const [change, field, key] of cases) {
      const error = await failure(ana.api.events.create({ ...base, ...change } as typeof base));
      expect(error.fieldErrors?.[field], JSON.stringify(change)).toContain(key);
    }
    // A year ahead is the last day allowed.
    const lastDay = { ...base, title: 'Čez leto dni', eventDate: dateInDays(LIMITS.event.maxDaysAhead) };
    const yearAhead = await ana.api.events.create(lastDay);
    await ana.api.events.remove({ id: yearAhead.id });
    expect(await t.db.select().from(events).where(eq(events.userId, ana.user.id))).toEqual([]);
    // Any language's name of a city is stored under its canonical one.
    expect((await ana.api.events.create({ ...base, country: 'AT', location: 'Dunaj' })).city).toBe('Wien');
  });

  it('a duration: two hours unless said, 15 minutes to a day; an update without one keeps it', async () => {
    const ana = await user();
    const duration = async (id: string) =>
      (await t.db.select().from(events).where(eq(events.id, id)))[0]!.durationMinutes;
    const plain = await ana.api.events.create(base);
    expect(plain.durationMinutes).toBe(LIMITS.eventDuration.defaultMinutes);
    expect(await duration(plain.id)).toBe(120);
    const shortest = await ana.api.events.create({ ...base, durationMinutes: 15 });
    expect(await duration(shortest.id)).toBe(15);

    const updated = await ana.api.events.update({ ...base, id: plain.id, durationMinutes: 90 });
    expect(updated.durationMinutes).toBe(90);
    expect((await ana.api.events.byId({ id: plain.id })).durationMinutes).toBe(90);
    await ana.api.events.update({ ...base, id: plain.id, title: 'Brez trajanja' });
    expect(await duration(plain.id)).toBe(90);
    await ana.api.events.update({ ...base, id: plain.id, durationMinutes: LIMITS.eventDuration.maxMinutes });
    expect(await duration(plain.id)).toBe(24 * 60);
    for (const durationMinutes of [0, 14, 1441])
      expect(
        (await failure(ana.api.events.update({ ...base, id: plain.id, durationMinutes }))).fieldErrors,
      ).toEqual({ durationMinutes: ['validation.eventDurationRange'] });
    expect(await duration(plain.id)).toBe(24 * 60);
  });

  it('allows two upcoming events per creator; past ones do not count', async () => {
    const ana = await user();
    await eventAt(ana, new Date(Date.now() - 86_400_000));
    await ana.api.events.create(base);
    const second = await ana.api.events.create({ ...base, title: 'Drugi' });
    const error = await failure(ana.api.events.create({ ...base, title: 'Tretji' }));
    expect(error).toMatchObject({ appCode: 'EVENT_LIMIT', meta: { max: 2 } });
    await ana.api.events.remove({ id: second.id });
    await ana.api.events.create({ ...base, title: 'Tretji' });
    expect(await t.db.select().from(events).where(eq(events.userId, ana.user.id))).toHaveLength(3);
  });

  it('only the creator edits or deletes (others get NOT_FOUND, nothing changes)', async () => {
    const [ana, bor] = [await user(), await user()];
    const event = await ana.api.events.create(base);
    for (const call of [
      () => bor.api.events.update({ ...base, id: event.id, title: 'Ukradeno' }),
      () => bor.api.events.remove({ id: event.id }),
    ])
      expect((await failure(call())).appCode).toBe('NOT_FOUND');
    expect((await failure((await t.caller()).events.create(base))).appCode).toBe('UNAUTHENTICATED');
    expect((await ana.api.events.byId({ id: event.id })).title).toBe(base.title);
    const updated = await ana.api.events.update({
      ...base,
      id: event.id,
      title: 'Nov naslov',
      eventType: 'training',
    });
    expect(updated).toMatchObject({ title: 'Nov naslov', eventType: 'training' });
    await ana.api.events.remove({ id: event.id });
    expect((await failure(ana.api.events.byId({ id: event.id }))).appCode).toBe('NOT_FOUND');
  });

  it('join and leave keep the count true; the creator cannot join; full refuses; attendees list the creator first', async () => {
    const [ana, bor, cene] = [await user(), await user(), await user()];
    // Three seats: Ana's own and two.
    const event = await ana.api.events.create({ ...base, maxAttendees: 3 });
    expect((await failure(ana.api.events.join({ id: event.id }))).appCode).toBe('EVENT_OWN');
    expect((await failure((await t.caller()).events.join({ id: event.id }))).appCode).toBe('UNAUTHENTICATED');
    expect(await bor.api.events.join({ id: event.id })).toMatchObject({
      currentAttendees: 2,
      isAttending: true,
      myStatus: 'going',
    });
    // Joining twice changes nothing.
    expect(await bor.api.events.join({ id: event.id })).toMatchObject({ currentAttendees: 2 });
    await cene.api.events.join({ id: event.id });
    const dana = await user();
    expect((await failure(dana.api.events.join({ id: event.id }))).appCode).toBe('EVENT_FULL');

    const list = await dana.api.events.attendees({ eventId: event.id });
    expect(list.map((a) => [a.userId, a.isCreator])).toEqual([
      [ana.user.id, true],
      [bor.user.id, false],
      [cene.user.id, false],
    ]);
    expect((await failure(ana.api.events.update({ ...base, id: event.id, maxAttendees: 1 }))).appCode).toBe(
      'VALIDATION',
    );
    await ana.api.events.update({ ...base, id: event.id, maxAttendees: 4 });
    await dana.api.events.join({ id: event.id });
    const lower = await failure(ana.api.events.update({ ...base, id: event.id, maxAttendees: 3 }));
    expect(lower).toMatchObject({ appCode: 'EVENT_MAX_BELOW_ATTENDEES', meta: { current: 4 } });

    expect(await bor.api.events.leave({ id: event.id })).toMatchObject({
      currentAttendees: 3,
      isAttending: false,
      myStatus: null,
    });
    expect(await bor.api.events.leave({ id: event.id })).toMatchObject({ currentAttendees: 3 });
    const rows = await t.db.select().from(eventAttendees).where(eq(eventAttendees.eventId, event.id));
    expect(rows).toHaveLength(2);
  });

  it('30 users racing for the last seat: exactly one gets it and the count matches the rows', async () => {
    const ana = await user();
    const event = await ana.api.events.create({ ...base, maxAttendees: 3 });
    const first = await user();
    await first.api.events.join({ id: event.id });
    const racers: User[] = [];
    for (let i = 0; i < 30; i++) racers.push(await user());
    const results = await Promise.allSettled(racers.map((racer) => racer.api.events.join({ id: event.id })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = await Promise.all(
      racers.map((racer) => failure(racer.api.events.join({ id: event.id })).catch(() => null)),
    );
    expect(refused.filter((e) => e?.appCode === 'EVENT_FULL')).toHaveLength(29);
    const [row] = await t.db.select().from(events).where(eq(events.id, event.id));
    const attendees = await t.db.select().from(eventAttendees).where(eq(eventAttendees.eventId, event.id));
    // Ana's seat and the two rows.
    expect(row?.currentAttendees).toBe(3);
    expect(attendees).toHaveLength(2);
  }, 60_000);

  it('filters by type, search, mine and nearby; only upcoming, soonest first', async () => {
    const [ana, bor] = [await user(), await user()];
    const tag = `x${Date.now()}`;
    const soon = await eventAt(ana, new Date(Date.now() + 3_600_000), {
      title: `${tag} trening`,
      eventType: 'training',
      city: 'Koper',
    });
    const later = await eventAt(bor, new Date(Date.now() + 7_200_000), {
      title: `${tag} igra`,
      eventType: 'playdate',
      locationName: '100% park_',
    });
    await eventAt(ana, new Date(Date.now() - 3_600_000), { title: `${tag} mimo` });
    const visitor = await t.caller();
    const ids = async (input: Parameters<typeof visitor.events.list>[0], api = visitor) =>
      (await api.events.list(input)).filter((e) => e.title.startsWith(tag)).map((e) => e.id);

    expect(await ids({ search: tag })).toEqual([soon.id, later.id]);
    expect(await ids({ search: tag, type: 'playdate' })).toEqual([later.id]);
    expect(await ids({ search: 'KOPER' })).toContain(soon.id);
    expect(await ids({ search: '100% park_' })).toEqual([later.id]);
    expect(await ids({ search: '100%x' })).toEqual([]);
    expect(await ids({ search: tag, filter: 'mine' }, ana.api)).toEqual([soon.id]);
    await ana.api.events.join({ id: later.id });
    expect(await ids({ search: tag, filter: 'mine' }, ana.api)).toEqual([soon.id, later.id]);
    expect((await failure(visitor.events.list({ filter: 'mine' }))).appCode).toBe('UNAUTHENTICATED');

    // Nearby: my profile's city, or its whole country without one.
    await bor.api.profiles.update({ fullName: 'Bor', country: 'SI', location: 'Koper' });
    expect(await ids({ search: tag, filter: 'nearby' }, bor.api)).toEqual([soon.id]);
    await bor.api.profiles.update({ fullName: 'Bor', country: 'SI', location: '' });
    expect(await ids({ search: tag, filter: 'nearby' }, bor.api)).toEqual([soon.id, later.id]);
    await bor.api.profiles.update({ fullName: 'Bor', country: 'AT', location: '' });
    expect(await ids({ search: tag, filter: 'nearby' }, bor.api)).toEqual([]);
  });

  it('this week and next week follow Monday-based weeks in Ljubljana', async () => {
    const ana = await user();
    const tag = `w${Date.now()}`;
    const { thisWeek, nextWeek } = eventWeeks();
    const at = (ms: number, title: string) => eventAt(ana, new Date(ms), { title: `${tag} ${title}` });
    const endOfThis = await at(thisWeek.to.getTime() - 60_000, 'nedelja 23:59');
    const startOfNext = await at(nextWeek.from.getTime(), 'ponedeljek 0:00');
    const endOfNext = await at(nextWeek.to.getTime() - 60_000, 'naslednja nedelja');
    const afterNext = await at(nextWeek.to.getTime(), 'čez dva tedna');
    const visitor = await t.caller();
    const ids = async (filter: 'thisWeek' | 'nextWeek') =>
      (await visitor.events.list({ filter, search: tag })).map((e) => e.id);
    expect(await ids('thisWeek')).toEqual([endOfThis.id]);
    expect(await ids('nextWeek')).toEqual([startOfNext.id, endOfNext.id]);
    expect((await visitor.events.list({ search: tag })).map((e) => e.id)).toContain(afterNext.id);
  });

  it('lists a page at a time: the next page starts after the cursor', async () => {
    const ana = await user();
    const tag = `p${Date.now()}`;
    const total = LIMITS.event.pageSize + 5;
    for (let i = 0; i < total; i++)
      await eventAt(ana, new Date(Date.now() + (i + 1) * 60_000), { title: `${tag} ${i}` });
    const visitor = await t.caller();
    const first = await visitor.events.list({ search: tag.toUpperCase() });
    expect(first).toHaveLength(LIMITS.event.pageSize);
    const next = await visitor.events.list({ search: tag, cursor: first.at(-1)!.id });
    expect([...first, ...next].map((e) => e.title)).toEqual(
      Array.from({ length: total }, (_, i) => `${tag} ${i}`),
    );
  });

  it('deleting an upcoming event tells everyone who had joined it', async () => {
    const [ana, bor] = [await user(), await user()];
    const event = await ana.api.events.create({ ...base, title: 'Odpovedan sprehod' });
    await bor.api.events.join({ id: event.id });
    await ana.api.events.remove({ id: event.id });
    const notice = (await bor.api.requests.list()).find((r) => r.type === 'event_cancelled');
    expect(notice).toMatchObject({ status: 'unread' });
    expect(JSON.stringify(notice)).toContain('Odpovedan sprehod');
    expect(await t.db.select().from(eventAttendees).where(eq(eventAttendees.eventId, event.id))).toEqual([]);
  });
});
