import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventAttendees, events, notifications } from '../../server/db/schema';
import { addDays, dateInDays, eventInstant } from '#shared/domain/event-time';
import { LIMITS } from '#shared/limits';
import { formulaCells, parseCsv } from '../helpers/csv';
import { readCalendar } from '../helpers/ical';
import { EVENT_INPUT, makeEvent } from '../helpers/factories';
import { dbKinds, failure, startTestApp, type TestApp, trackedEvent } from '../helpers/app';

const base = EVENT_INPUT;

describe.each(dbKinds())('event tools on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  async function user(fullName = 'Test Uporabnik') {
    const signed = await t.signedInUser();
    const { profiles } = await import('../../server/db/schema');
    await t.db.update(profiles).set({ fullName }).where(eq(profiles.userId, signed.user.id));
    return { ...signed, id: signed.user.id, api: await t.caller(signed.token) };
  }
  type User = Awaited<ReturnType<typeof user>>;

  const statuses = async (eventId: string) =>
    Object.fromEntries(
      (await t.db.select().from(eventAttendees).where(eq(eventAttendees.eventId, eventId))).map((row) => [
        row.userId,
        row.status,
      ]),
    );
  const noticesOf = (who: User, type: (typeof notifications.$inferSelect)['notificationType']) =>
    t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.ownerId, who.id), eq(notifications.notificationType, type)));
  /** Ana's event, full with Bor and Cene in its chat; Eve waits in line, outside it. */
  async function chatWithLine() {
    const [ana, bor, cene, eve] = [
      await user('Ana'),
      await user('Bor'),
      await user('Cene'),
      await user('Eve'),
    ];
    const event = await ana.api.events.create({ ...base, maxAttendees: 3 });
    await bor.api.events.join({ id: event.id });
    await cene.api.events.join({ id: event.id });
    await eve.api.events.join({ id: event.id, waitlist: true });
    return { ana, bor, cene, eve, event };
  }
  const seats = async (eventId: string) =>
    (await t.db.select().from(events).where(eq(events.id, eventId)))[0]!.currentAttendees;

  it('a full event takes a waitlist in order; a freed seat goes to the first in line, who is told', async () => {
    const [ana, bor, cene, dana, eva] = [
      await user(),
      await user(),
      await user(),
      await user(),
      await user(),
    ];
    const event = await ana.api.events.create({ ...base, maxAttendees: 2 });
    await bor.api.events.join({ id: event.id });
    // Full: refused unless the waitlist is asked for.
    expect((await failure(cene.api.events.join({ id: event.id }))).appCode).toBe('EVENT_FULL');
    expect(await cene.api.events.join({ id: event.id, waitlist: true })).toMatchObject({
      myStatus: 'waiting',
      isAttending: false,
      waitlistPosition: 1,
    });
    await dana.api.events.join({ id: event.id, waitlist: true });
    expect(await dana.api.events.byId({ id: event.id })).toMatchObject({ waitlistPosition: 2 });
    // Others see only who has a seat; the organiser sees the line too, in its order.
    expect((await eva.api.events.attendees({ eventId: event.id })).map((a) => a.userId)).toEqual([
      ana.id,
      bor.id,
    ]);
    expect((await ana.api.events.attendees({ eventId: event.id })).map((a) => [a.userId, a.status])).toEqual([
      [ana.id, 'going'],
      [bor.id, 'going'],
      [cene.id, 'waiting'],
      [dana.id, 'waiting'],
    ]);

    await bor.api.events.leave({ id: event.id });
    expect(await statuses(event.id)).toEqual({ [cene.id]: 'going', [dana.id]: 'waiting' });
    expect(await seats(event.id)).toBe(2);
    expect(await noticesOf(cene, 'event_seat')).toHaveLength(1);
    expect(await dana.api.events.byId({ id: event.id })).toMatchObject({ waitlistPosition: 1 });
    // Leaving the line frees no seat and tells nobody.
    await dana.api.events.leave({ id: event.id });
    expect(await seats(event.id)).toBe(2);
    // More seats go to the line at once.
    await eva.api.events.join({ id: event.id, waitlist: true });
    await ana.api.events.update({ ...base, id: event.id, maxAttendees: 5 });
    expect(await statuses(event.id)).toEqual({ [cene.id]: 'going', [eva.id]: 'going' });
    expect(await seats(event.id)).toBe(3);
  });

  it('seats freed at once by racing leaves go to exactly as many people from the line, in order', async () => {
    const ana = await user();
    const event = await ana.api.events.create({ ...base, maxAttendees: 6 });
    const seated: User[] = [];
    for (let i = 0; i < 5; i++) seated.push(await user());
    for (const person of seated) await person.api.events.join({ id: event.id });
    const line: User[] = [];
    for (let i = 0; i < 8; i++) line.push(await user());
    for (const person of line) await person.api.events.join({ id: event.id, waitlist: true });
    // Five leave and three more try to join the line, all at once.
    const latecomers = [await user(), await user(), await user()];
    await Promise.all([
      ...seated.map((person) => person.api.events.leave({ id: event.id })),
      ...latecomers.map((person) => person.api.events.join({ id: event.id, waitlist: true })),
    ]);
    const rows = await statuses(event.id);
    expect(line.slice(0, 5).map((p) => rows[p.id])).toEqual(Array(5).fill('going'));
    expect(line.slice(5).map((p) => rows[p.id])).toEqual(Array(3).fill('waiting'));
    expect(latecomers.map((p) => rows[p.id])).toEqual(Array(3).fill('waiting'));
    expect(await seats(event.id)).toBe(6);
    for (const person of line.slice(0, 5)) expect(await noticesOf(person, 'event_seat')).toHaveLength(1);
  }, 60_000);

  it('approval: requests wait for the organiser; approved take a seat or a place in line, declined cannot ask again', async () => {
    const [ana, bor, cene, dana] = [await user(), await user(), await user(), await user()];
    const event = await ana.api.events.create({ ...base, maxAttendees: 2, requiresApproval: true });
    expect(await bor.api.events.join({ id: event.id })).toMatchObject({
      myStatus: 'pending',
      currentAttendees: 1,
    });
    await cene.api.events.join({ id: event.id });
    await dana.api.events.join({ id: event.id });
    expect(await noticesOf(ana, 'event_join_request')).toHaveLength(3);
    // Only the organiser decides.
    expect(
      (await failure(bor.api.events.decide({ eventId: event.id, userId: cene.id, approve: true }))).appCode,
    ).toBe('NOT_FOUND');
    const list = await ana.api.events.decide({ eventId: event.id, userId: bor.id, approve: true });
    expect(list.find((a) => a.userId === bor.id)?.status).toBe('going');
    await ana.api.events.decide({ eventId: event.id, userId: cene.id, approve: true });
    await ana.api.events.decide({ eventId: event.id, userId: dana.id, approve: false });
    expect(await statuses(event.id)).toEqual({
      [bor.id]: 'going',
      [cene.id]: 'waiting',
      [dana.id]: 'removed',
    });
    expect(await noticesOf(bor, 'event_approved')).toHaveLength(1);
    expect(await noticesOf(dana, 'event_declined')).toHaveLength(1);
    expect((await failure(dana.api.events.join({ id: event.id }))).appCode).toBe('EVENT_REMOVED');
    expect(
      (await failure(ana.api.events.decide({ eventId: event.id, userId: bor.id, approve: true }))).appCode,
    ).toBe('NOT_FOUND');
  });

  it('the organiser removes an attendee: they are told, cannot rejoin, and their seat goes to the line', async () => {
    const [ana, bor, cene, eve] = [await user(), await user(), await user(), await user()];
    const event = await ana.api.events.create({ ...base, maxAttendees: 2 });
    await bor.api.events.join({ id: event.id });
    await cene.api.events.join({ id: event.id, waitlist: true });
    expect(
      (await failure(eve.api.events.removeAttendee({ eventId: event.id, userId: bor.id }))).appCode,
    ).toBe('NOT_FOUND');
    const list = await ana.api.events.removeAttendee({ eventId: event.id, userId: bor.id });
    expect(list.map((a) => a.userId)).toEqual([ana.id, cene.id]);
    expect(await noticesOf(bor, 'event_removed')).toHaveLength(1);
    expect(await noticesOf(cene, 'event_seat')).toHaveLength(1);
    expect((await failure(bor.api.events.join({ id: event.id, waitlist: true }))).appCode).toBe(
      'EVENT_REMOVED',
    );
    expect(await bor.api.events.byId({ id: event.id })).toMatchObject({
      myStatus: 'removed',
      isAttending: false,
    });
  });

  it('recurring: weekly occurrences up to the end date count as one event against the cap; edit one or all', async () => {
    const ana = await user();
    const bor = await user();
    const first = dateInDays(2);
    const until = addDays(first, 28);
    const created = await ana.api.events.create({
      ...base,
      eventDate: first,
      durationMinutes: 45,
      repeatWeeks: 1,
      repeatUntil: until,
    });
    const series = await t.db.select().from(events).where(eq(events.seriesId, created.seriesId!));
    expect(series.map((e) => e.eventDate).sort()).toEqual([0, 7, 14, 21, 28].map((d) => addDays(first, d)));
    expect(series.every((e) => e.currentAttendees === 1 && e.durationMinutes === 45)).toBe(true);
    // Every two weeks, and too far is refused.
    const biweekly = await ana.api.events.create({
      ...base,
      title: 'Trening',
      eventDate: first,
      repeatWeeks: 2,
      repeatUntil: addDays(first, 30),
    });
    expect(await t.db.select().from(events).where(eq(events.seriesId, biweekly.seriesId!))).toHaveLength(3);
    // Two series are two events: the cap is reached.
    expect((await failure(ana.api.events.create(base))).appCode).toBe('EVENT_LIMIT');
    const far = await failure(
      bor.api.events.create({
        ...base,
        repeatWeeks: 1,
        repeatUntil: addDays(base.eventDate, LIMITS.event.seriesMaxDays + 1),
      }),
    );
    expect(far.fieldErrors?.repeatUntil).toContain('validation.repeatUntilRange');
    const missing = await failure(bor.api.events.create({ ...base, repeatWeeks: 2 }));
    expect(missing.fieldErrors?.repeatUntil).toContain('validation.repeatUntilRequired');

    const [, second, third] = series.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
    await bor.api.events.join({ id: third!.id });
    // One occurrence: only it changes.
    await ana.api.events.update({ ...base, id: second!.id, eventDate: second!.eventDate, title: 'Samo ta' });
    const titles = async () =>
      (await t.db.select().from(events).where(eq(events.seriesId, created.seriesId!)))
        .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())
        .map((e) => [e.title, e.eventDate, e.eventTime, e.durationMinutes]);
    expect((await titles()).map(([title, , , minutes]) => [title, minutes])).toEqual([
      [base.title, 45],
      ['Samo ta', 45],
      [base.title, 45],
      [base.title, 45],
      [base.title, 45],
    ]);
    // All: every occurrence takes the new time, length and title, and a day later moves each a day.
    await ana.api.events.update({
      ...base,
      id: second!.id,
      scope: 'series',
      title: 'Vsi',
      eventTime: '09:00',
      durationMinutes: 180,
      eventDate: addDays(second!.eventDate, 1),
    });
    expect(await titles()).toEqual(
      [0, 7, 14, 21, 28].map((d) => ['Vsi', addDays(first, d + 1), '09:00', 180]),
    );
    const [moved] = await t.db.select().from(events).where(eq(events.id, third!.id));
    expect(moved!.startsAt).toEqual(eventInstant(addDays(first, 15), '09:00'));
    // Cancelling the series cancels every upcoming occurrence and tells who joined.
    await ana.api.events.remove({ id: second!.id, scope: 'series' });
    expect(await t.db.select().from(events).where(eq(events.seriesId, created.seriesId!))).toHaveLength(0);
    expect(await noticesOf(bor, 'event_cancelled')).toHaveLength(1);
  });

  it('past: my history of events that started which I created or had a seat at, latest first', async () => {
    const [ana, bor] = [await user(), await user()];
    const old = await makeEvent(t.db, ana.id, {
      title: 'Lani',
      startsAt: new Date(Date.now() - 30 * 86_400_000),
    });
    const recent = await makeEvent(t.db, bor.id, {
      title: 'Včeraj',
      startsAt: new Date(Date.now() - 86_400_000),
    });
    const notMine = await makeEvent(t.db, bor.id, {
      title: 'Brez mene',
      startsAt: new Date(Date.now() - 3_600_000),
    });
    await t.db.insert(eventAttendees).values({ eventId: recent.id, userId: ana.id });
    const upcoming = await ana.api.events.create(base);
    const past = await ana.api.events.past();
    expect(past.map((e) => e.id)).toEqual([recent.id, old.id]);
    expect(past.map((e) => e.id)).not.toContain(notMine.id);
    expect(past.map((e) => e.id)).not.toContain(upcoming.id);
    expect(await ana.api.events.past({ cursor: recent.id })).toMatchObject([{ id: old.id }]);
    expect((await failure((await t.caller()).events.past())).appCode).toBe('UNAUTHENTICATED');
  });

  it('exports the attendee list as CSV for Excel: BOM, the organiser’s language, formulas defused', async () => {
    const ana = await user('Ana Organizatorka');
    const eve = await user('=HYPERLINK("http://zlo.example","klik")');
    const bor = await user('Bor "Bobi", Novak');
    const event = await ana.api.events.create({ ...base, maxAttendees: 2 });
    await eve.api.events.join({ id: event.id });
    await bor.api.events.join({ id: event.id, waitlist: true });
    const { csv, filename } = await ana.api.events.exportAttendees({ eventId: event.id });
    expect(filename).toBe(`Sprehod-ob-Ljubljanici-${base.eventDate}.csv`);
    expect(csv.startsWith('\uFEFF"#","Ime","Status","Prijava"\r\n')).toBe(true);
    const lines = csv.slice(1).trimEnd().split('\r\n');
    expect(lines[1]).toMatch(/^"1","Ana Organizatorka","Organizator","\d{4}-\d{2}-\d{2} \d{2}:\d{2}"$/);
    expect(lines[2]).toMatch(/^"2","'=HYPERLINK\(""http:\/\/zlo.example"",""klik""\)","Udeleženec",/);
    expect(lines[3]).toMatch(/^"3","Bor ""Bobi"", Novak","Čakalna vrsta",/);
    expect((await failure(bor.api.events.exportAttendees({ eventId: event.id }))).appCode).toBe('NOT_FOUND');
  });

  it('exports no formula behind a separator or a line break, whichever one a spreadsheet splits on', async () => {
    const ana = await user('Ana;=2+5;');
    const zed = await user('Zed\t=1+1');
    const lin = await user('Lin\r\n@SUM(1,1)|-3');
    const event = await ana.api.events.create(base);
    await zed.api.events.join({ id: event.id });
    await lin.api.events.join({ id: event.id });
    const { csv } = await ana.api.events.exportAttendees({ eventId: event.id });
    expect(formulaCells(csv)).toEqual([]);
    // With the real separator and quotes honoured: one row each, the names with only apostrophes added.
    const table = parseCsv(csv.replace(/^\uFEFF/, ''), ',');
    expect(table.map((row) => row[1])).toEqual(['Ime', "Ana;'=2+5;", "Zed\t'=1+1", "Lin\r\n'@SUM(1,1)|'-3"]);
  });

  it('a map link from the place text', async () => {
    const { mapLink } = await import('#shared/domain/events');
    expect(
      mapLink({ locationName: 'Park Tivoli & Rožnik', city: 'Ljubljana', countryName: 'Slovenija' }),
    ).toBe(
      'https://www.openstreetmap.org/search?query=Park%20Tivoli%20%26%20Ro%C5%BEnik%2C%20Ljubljana%2C%20Slovenija',
    );
  });

  it('the event chat: organiser and seated attendees read and write live; blocked people’s messages are hidden', async () => {
    const { ana, bor, cene, eve, event } = await chatWithLine();
    // Not in the chat: the line, strangers.
    expect((await failure(eve.api.events.chatSend({ eventId: event.id, content: 'Živjo' }))).appCode).toBe(
      'NOT_FOUND',
    );
    expect((await failure(eve.api.events.chatMessages({ eventId: event.id }))).appCode).toBe('NOT_FOUND');

    const stop = new AbortController();
    const live = await (await t.caller(bor.token, stop.signal)).events.onChatMessage({ eventId: event.id });
    const heard: Array<{ id: string; content: string }> = [];
    const reading = (async () => {
      for await (const item of live) {
        const { id, data } = trackedEvent(item);
        heard.push({ id, content: data.content });
        if (heard.length === 3) break;
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const sent = await ana.api.events.chatSend({
      eventId: event.id,
      content: 'Dobrodošli! Vodo imam s seboj.',
    });
    expect(sent).toMatchObject({ fromOrganiser: true, sender: { fullName: 'Ana' } });

    // Cene blocks Bor: neither sees the other's messages; others see both.
    await cene.api.safety.block({ userId: bor.id });
    await bor.api.events.chatSend({ eventId: event.id, content: 'Pridem s Piko.' });
    await cene.api.events.chatSend({ eventId: event.id, content: 'Jaz tudi.' });
    const contents = async (who: User) =>
      (await who.api.events.chatMessages({ eventId: event.id })).map((m) => m.content);
    expect(await contents(ana)).toEqual(['Dobrodošli! Vodo imam s seboj.', 'Pridem s Piko.', 'Jaz tudi.']);
    expect(await contents(cene)).toEqual(['Dobrodošli! Vodo imam s seboj.', 'Jaz tudi.']);
    // Bor's live stream skips Cene's message.
    await ana.api.events.chatSend({ eventId: event.id, content: 'Se vidimo!' });
    await reading;
    stop.abort();
    expect(heard).toEqual([
      { id: String(sent.seq), content: 'Dobrodošli! Vodo imam s seboj.' },
      { id: expect.any(String), content: 'Pridem s Piko.' },
      { id: expect.any(String), content: 'Se vidimo!' },
    ]);

    // A retried send is stored once; the same long text into many conversations is spam.
    const id = crypto.randomUUID();
    await ana.api.events.chatSend({ eventId: event.id, id, content: 'Enkrat' });
    await ana.api.events.chatSend({ eventId: event.id, id, content: 'Enkrat' });
    expect((await contents(ana)).filter((c) => c === 'Enkrat')).toHaveLength(1);

    // A member can report a message; someone outside the chat cannot.
    const [message] = await bor.api.events.chatMessages({ eventId: event.id });
    const report = {
      targetType: 'event_message' as const,
      targetId: message!.id,
      reason: 'spam' as const,
      goodFaith: true as const,
    };
    expect(await bor.api.safety.report(report)).toMatchObject({ id: expect.any(String) });
    expect((await failure(eve.api.safety.report(report))).appCode).toBe('NOT_FOUND');
  });

  it('counts the event chat messages each member has not read, on the list and the details, until read', async () => {
    const { ana, bor, cene, eve, event } = await chatWithLine();
    await cene.api.safety.block({ userId: bor.id });
    const welcome = await ana.api.events.chatSend({ eventId: event.id, content: 'Dobrodošli!' });
    const first = await bor.api.events.chatSend({ eventId: event.id, content: 'Pridem s Piko.' });
    await bor.api.events.chatSend({ eventId: event.id, content: 'Ob petih?' });
    const unread = async (who: User) => {
      const [listed] = (await who.api.events.list({ filter: 'mine' })).filter((e) => e.id === event.id);
      const details = await who.api.events.byId({ id: event.id });
      expect(listed?.unreadMessages ?? details.unreadMessages).toBe(details.unreadMessages);
      return details.unreadMessages;
    };
    // Never my own (writing reads what came before); never from someone I blocked; nothing for the line.
    expect(await Promise.all([ana, bor, cene, eve].map(unread))).toEqual([2, 0, 1, 0]);
    await ana.api.events.chatRead({ eventId: event.id, seq: first.seq });
    await cene.api.events.chatRead({ eventId: event.id, seq: welcome.seq });
    expect(await Promise.all([ana, cene].map(unread))).toEqual([1, 0]);
  });

  it('the attendee list hides blocked people’s names but counts them, for the organiser’s line too', async () => {
    const [ana, bor, cene] = [await user('Ana'), await user('Bor'), await user('Cene')];
    const event = await ana.api.events.create({ ...base, maxAttendees: 2 });
    await bor.api.events.join({ id: event.id });
    await cene.api.events.join({ id: event.id, waitlist: true });
    await ana.api.safety.block({ userId: cene.id });
    // Cene no longer sees Ana's event at all, nor can join it again.
    expect((await failure(cene.api.events.byId({ id: event.id }))).appCode).toBe('NOT_FOUND');
    const list = await ana.api.events.attendees({ eventId: event.id });
    expect(list.map((a) => [a.fullName, a.status])).toEqual([
      ['Ana', 'going'],
      ['Bor', 'going'],
      ['', 'waiting'],
    ]);
    expect(list[2]!.userId).toBeNull();
  });

  it('calendars: one event as .ics; my private feed by its secret address, regenerated or revoked', async () => {
    const [ana, bor, cene] = [await user('Ana'), await user('Bor'), await user('Cene')];
    const event = await ana.api.events.create({ ...base, title: 'Pasji piknik', description: 'S prigrizki' });
    await cene.api.events.create({ ...base, title: 'Cenetov trening' });
    await bor.api.events.join({ id: event.id });

    const one = await t.app.inject({ method: 'GET', url: `/api/events/${event.id}/calendar.ics` });
    expect(one.statusCode).toBe(200);
    expect(one.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(one.headers['content-disposition']).toMatch(/^attachment; filename="event-/);
    const start = event.startsAt.toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '');
    expect(one.body).toContain(`DTSTART:${start}`);
    expect(readCalendar(one.body, { events: 1 })).toEqual([
      {
        uid: `${event.id}@tacke`,
        summary: 'Pasji piknik',
        // The organiser by name, never as an ORGANIZER without the address it needs.
        description: 'Organizator: Ana\n\nS prigrizki',
        location: 'Tromostovje, Ljubljana, Slovenija',
        url: `http://tacke.test/events?dogodek=${event.id}`,
        start: event.startsAt,
        end: new Date(event.startsAt.getTime() + LIMITS.eventDuration.defaultMinutes * 60_000),
      },
    ]);
    expect(one.body).not.toMatch(/^(ORGANIZER|METHOD)/m);
    expect(one.body).toContain('SUMMARY:Pasji piknik');
    expect(one.body).toContain('LOCATION:Tromostovje\\, Ljubljana\\, Slovenija');
    expect(one.body).toContain('X-WR-TIMEZONE:Europe/Ljubljana');
    expect(one.body).toContain(`URL:http://tacke.test/events?dogodek=${event.id}`);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/events/${crypto.randomUUID()}/calendar.ics` }))
        .statusCode,
    ).toBe(404);

    expect(await bor.api.events.calendarFeed()).toEqual({ createdAt: null });
    const feed = await bor.api.events.createCalendarFeed();
    expect(feed.webcal).toBe(feed.url.replace(/^http:/, 'webcal:'));
    expect(await bor.api.events.calendarFeed()).toEqual({ createdAt: feed.createdAt });
    const path = new URL(feed.url).pathname;
    const read = await t.app.inject({ method: 'GET', url: path });
    expect(read.statusCode).toBe(200);
    expect(readCalendar(read.body, { events: 1 })[0]!.summary).toBe('Pasji piknik');
    expect(read.body).not.toContain('Cenetov trening');
    expect(read.body).toContain('X-WR-CALNAME:Tačke – moji dogodki');
    // Only the hash is stored.
    const { calendarFeeds } = await import('../../server/db/schema');
    const [row] = await t.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, bor.id));
    expect(row!.tokenHash).not.toContain(path.split('/').pop()!.replace('.ics', ''));
    // A new address replaces the old one; revoking ends it.
    const renewed = await bor.api.events.createCalendarFeed();
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    await bor.api.events.revokeCalendarFeed();
    expect((await t.app.inject({ method: 'GET', url: new URL(renewed.url).pathname })).statusCode).toBe(404);
    expect((await failure(bor.api.events.revokeCalendarFeed())).appCode).toBe('NOT_FOUND');
    expect((await t.app.inject({ method: 'GET', url: '/api/calendar/nope.ics' })).statusCode).toBe(404);
  });
  it('calendars stay valid: an empty feed, emoji and long texts folded by octets, the end from the duration, series', async () => {
    const [ana, bor] = [await user('Ana 🐕 Novak'), await user('Bor')];
    const get = async (url: string, locale = 'sl') =>
      (await t.app.inject({ method: 'GET', url, cookies: { 'tacke.locale': locale } })).body;
    // A feed with nothing in it yet is still a calendar, with its zone.
    const feed = new URL((await bor.api.events.createCalendarFeed()).url).pathname;
    expect(readCalendar(await get(feed), { events: 0 })).toEqual([]);

    // Four-octet emoji (and one of several code points) where a 75-character fold would pass 75 octets.
    const title = `🐶🐾 Piknik 🐕‍🦺 ${'🐾'.repeat(40)} ob Ljubljanici`;
    expect(title.length).toBeLessThanOrEqual(LIMITS.event.titleMax);
    const description = 'Prinesite vodo, žogo in 🦴 za vsakega psa. '.repeat(30).trim();
    const event = await ana.api.events.create({ ...base, title, description, durationMinutes: 90 });
    await bor.api.events.join({ id: event.id });
    const end = new Date(event.startsAt.getTime() + 90 * 60_000);
    const one = await get(`/api/events/${event.id}/calendar.ics`, 'en');
    expect(one).toMatch(/\r\n /);
    expect(readCalendar(one, { events: 1 })[0]).toMatchObject({
      summary: title,
      description: `Organiser: Ana 🐕 Novak\n\n${description}`,
      start: event.startsAt,
      end,
    });
    // A series: each occurrence ends its own duration after its start.
    const first = dateInDays(4);
    await ana.api.events.create({
      ...base,
      title: 'Tedenski trening',
      eventDate: first,
      eventTime: '19:15',
      durationMinutes: 30,
      repeatWeeks: 1,
      repeatUntil: addDays(first, 14),
    });
    const anasFeed = new URL((await ana.api.events.createCalendarFeed()).url).pathname;
    const listed = readCalendar(await get(anasFeed), { events: 4 });
    expect(listed.map((item) => [item.summary, item.start, item.end])).toEqual([
      [title, event.startsAt, end],
      ...[0, 7, 14].map((days) => {
        const start = eventInstant(addDays(first, days), '19:15');
        return ['Tedenski trening', start, new Date(start.getTime() + 30 * 60_000)];
      }),
    ]);
    expect(readCalendar(await get(feed), { events: 1 })[0]!.description).toMatch(
      /^Organizator: Ana 🐕 Novak/,
    );
  });
});
