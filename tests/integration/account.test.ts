import { eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chatMessages,
  chats,
  dogProfiles,
  eventAttendees,
  events,
  matches,
  notifications,
  profiles,
  rateLimitHits,
  sessions,
  shopWishes,
  swipes,
  uploads,
  users,
} from '../../server/db/schema';
import { exportAccount } from '../../server/services/account/account-export';
import { dateInDays } from '#shared/domain/event-time';
import { LIMITS } from '#shared/limits';
import { dbKinds, failure, startTestApp, type TestApp } from '../helpers/app';
import { makeUser } from '../helpers/factories';
import { png } from '../helpers/images';
import { uploadedKey } from '../helpers/uploads';

const event = (title: string) => ({
  title,
  eventDate: dateInDays(4),
  eventTime: '10:00',
  locationName: 'Park',
  country: 'SI',
  location: 'Celje',
});

describe.each(dbKinds())('account, shop and config on %s', (kind) => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await startTestApp(kind, {
      DONATION_URL: 'https://donate.example/tacke',
      PUBLIC_URL: 'http://localhost:1',
    });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  async function owner(name: string) {
    const signed = await t.signedInUser();
    const api = await t.caller(signed.token);
    const dog = await api.dogs.create({
      name,
      breed: 'Mešanec',
      age: 3,
      gender: 'male',
      location: 'Ljubljana',
    });
    return { ...signed, api, dog };
  }
  type Owner = Awaited<ReturnType<typeof owner>>;
  /** The export as answered, after checking that its output schema kept every field the service gathered. */
  async function exportOf(o: Owner) {
    const { exportedAt: _answeredAt, ...answered } = await o.api.account.export();
    const { exportedAt: _gatheredAt, ...gathered } = await exportAccount(t.app.deps, o.user.id);
    expect(answered).toEqual(gathered);
    return answered;
  }
  /** `a` likes `b`'s dog and `b` accepts: their chat (b owns it). */
  async function chat(a: Owner, b: Owner) {
    await a.api.likes.like({ fromDogId: a.dog.id, dogId: b.dog.id });
    const request = (await b.api.requests.list()).find(
      (r) => r.direction === 'received' && r.status === 'unread',
    );
    return (await b.api.requests.accept({ id: request!.id })).chatId;
  }

  it('deletes everything of the user in one go; their chats with others stay read-only as a deleted user', async () => {
    const [ana, bor, cene, dana] = [
      await owner('Ana pes'),
      await owner('Bor pes'),
      await owner('Cene pes'),
      await owner('Dana pes'),
    ];
    // Ana's photos: a dog photo (a real file in storage).
    const key = await uploadedKey(t.app, ana.token, await png(400, 300));
    await ana.api.dogs.update({
      id: ana.dog.id,
      name: 'Ana pes',
      breed: 'Mešanec',
      age: 3,
      gender: 'male',
      location: 'Ljubljana',
      photos: [key],
    });
    const chatWithBor = await chat(ana, bor); // Bor owns it: it stays for him.
    const chatAboutAnasDog = await chat(cene, ana); // Ana owns it: it goes.
    await ana.api.chats.send({ chatId: chatWithBor, content: 'Živjo Bor' });
    await bor.api.chats.send({ chatId: chatWithBor, content: 'Živjo Ana' });
    const anasEvent = await ana.api.events.create(event('Anin sprehod'));
    await cene.api.events.join({ id: anasEvent.id });
    const danasEvent = await dana.api.events.create(event('Danin trening'));
    await ana.api.events.join({ id: danasEvent.id });
    await ana.api.shop.notify();

    expect(await ana.api.account.delete()).toEqual({ ok: true });

    const id = ana.user.id;
    expect(await t.db.select().from(users).where(eq(users.id, id))).toEqual([]);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, id))).toEqual([]);
    expect(await t.db.select().from(profiles).where(eq(profiles.userId, id))).toEqual([]);
    expect(await t.db.select().from(dogProfiles).where(eq(dogProfiles.userId, id))).toEqual([]);
    expect(await t.db.select().from(swipes).where(eq(swipes.userId, id))).toEqual([]);
    expect(
      await t.db
        .select()
        .from(notifications)
        .where(or(eq(notifications.ownerId, id), eq(notifications.userId, id))),
    ).toEqual([]);
    expect(
      await t.db
        .select()
        .from(matches)
        .where(or(eq(matches.user1Id, id), eq(matches.user2Id, id))),
    ).toEqual([]);
    expect(await t.db.select().from(chatMessages).where(eq(chatMessages.senderId, id))).toEqual([]);
    expect(await t.db.select().from(chats).where(eq(chats.id, chatAboutAnasDog))).toEqual([]);
    expect(await t.db.select().from(events).where(eq(events.userId, id))).toEqual([]);
    expect(await t.db.select().from(eventAttendees).where(eq(eventAttendees.userId, id))).toEqual([]);
    expect(await t.db.select().from(uploads).where(eq(uploads.ownerId, id))).toEqual([]);
    expect(await t.db.select().from(shopWishes).where(eq(shopWishes.userId, id))).toEqual([]);
    // Only Dana's own seat is left at her event.
    expect((await t.db.select().from(events).where(eq(events.id, danasEvent.id)))[0]?.currentAttendees).toBe(
      1,
    );
    // The photo file is gone from storage.
    expect((await fetch(`${base}/media/${key}_thumb.webp`)).status).toBe(404);

    // Bor keeps the chat: Ana is a deleted user, her messages are gone, and nobody can write there.
    const [borsChat] = await bor.api.chats.list();
    expect(borsChat).toMatchObject({
      id: chatWithBor,
      counterpart: null,
      unread: 0,
      lastMessage: { content: 'Živjo Ana' },
    });
    expect((await failure(bor.api.chats.send({ chatId: chatWithBor, content: 'Halo?' }))).appCode).toBe(
      'CHAT_READ_ONLY',
    );
    // Cene, who had joined Ana's event, is told it is cancelled.
    expect((await cene.api.requests.list()).find((r) => r.type === 'event_cancelled')).toBeTruthy();

    // The old session and the old password no longer work.
    expect((await failure((await t.caller(ana.token)).profiles.me())).appCode).toBe('UNAUTHENTICATED');
    const anon = await t.caller();
    expect((await failure(anon.auth.signIn({ email: ana.email, password: ana.password }))).appCode).toBe(
      'INVALID_CREDENTIALS',
    );
    expect((await failure(anon.account.delete())).appCode).toBe('UNAUTHENTICATED');
  }, 60_000);

  it('a deleted account with two dogs matched with one dog leaves its owner both chats', async () => {
    const [ana, bor] = [await owner('Anin edini pes'), await owner('Borov prvi pes')];
    const second = await bor.api.dogs.create({
      name: 'Borov drugi pes',
      breed: 'Mešanec',
      age: 2,
      gender: 'female',
      location: 'Ljubljana',
    });
    // Ana's dog likes both of Bor's, and each of his likes hers back: two matches, both chats of her dog.
    for (const dogId of [bor.dog.id, second.id]) await ana.api.likes.like({ fromDogId: ana.dog.id, dogId });
    const chatIds: string[] = [];
    for (const fromDogId of [bor.dog.id, second.id]) {
      const liked = await bor.api.likes.like({ fromDogId, dogId: ana.dog.id });
      expect(liked).toMatchObject({ outcome: 'match' });
      if (liked.outcome === 'match') chatIds.push(liked.chatId);
    }
    expect(new Set(chatIds).size).toBe(2);

    // Both chats lose their other dog at once: (Ana's dog, none) twice, which one chat per pair of dogs must allow.
    expect(await bor.api.account.delete()).toEqual({ ok: true });

    const left = await ana.api.chats.list();
    expect(left.map((chat) => chat.id).sort()).toEqual([...chatIds].sort());
    for (const chat of left) expect(chat).toMatchObject({ iAmOwner: true, counterpart: null, dog: null });
    expect(
      (await t.db.select().from(chats).where(eq(chats.dogId, ana.dog.id))).map((chat) => chat.otherDogId),
    ).toEqual([null, null]);
  });

  it("exports the user's own rows and nobody else's", async () => {
    const [ana, bor] = [await owner('Izvozni pes'), await owner('Tuji pes')];
    await bor.api.dogs.create({
      name: 'Skriti pes',
      breed: 'Mešanec',
      age: 2,
      gender: 'male',
      location: 'Ljubljana',
    });
    const chatId = await chat(ana, bor);
    await ana.api.chats.send({ chatId, content: 'Moje sporočilo' });
    await bor.api.chats.send({ chatId, content: 'Njegovo sporočilo' });
    const mine = await ana.api.events.create({ ...event('Moj dogodek'), durationMinutes: 90 });
    await bor.api.events.join({ id: mine.id });
    await ana.api.events.chatSend({ eventId: mine.id, content: 'Moje obvestilo udeležencem' });
    await bor.api.events.chatSend({ eventId: mine.id, content: 'Borov odgovor' });
    await ana.api.events.createCalendarFeed();
    const data = await exportOf(ana);
    const text = JSON.stringify(data);
    expect(data.account.email).toBe(ana.email);
    expect(data.dogs.map((dog) => dog.name)).toEqual(['Izvozni pes']);
    expect(data.eventsCreated.map((e) => [e.title, e.durationMinutes])).toEqual([['Moj dogodek', 90]]);
    expect(data.chats[0]?.messages.map((m) => [m.mine, m.content])).toEqual([
      [true, 'Moje sporočilo'],
      [false, 'Njegovo sporočilo'],
    ]);
    expect(data.requests.length).toBeGreaterThan(0);
    expect(data.eventChatMessages.map((m) => m.content)).toEqual(['Moje obvestilo udeležencem']);
    expect(data.calendarFeed).toEqual({ since: expect.any(Date) });
    expect(text).not.toContain('Borov odgovor');
    expect(text).not.toContain(bor.email);
    expect(text).not.toContain('Skriti pes');
    expect(text).not.toContain('password');
    expect((await failure((await t.caller()).account.export())).appCode).toBe('UNAUTHENTICATED');
  });

  it(`lets an account export its data ${LIMITS.accountExportsPerHour} times an hour, then refuses until the hour has passed`, async () => {
    const [ana, bor] = [await owner('Izvozni pes'), await owner('Drugi pes')];
    for (let i = 0; i < LIMITS.accountExportsPerHour; i++)
      expect((await ana.api.account.export()).account.email).toBe(ana.email);
    const refused = await failure(ana.api.account.export());
    expect(refused).toEqual({ appCode: 'TOO_MANY_EXPORTS', meta: { max: LIMITS.accountExportsPerHour } });
    // Someone else's exports are their own.
    expect((await bor.api.account.export()).account.email).toBe(bor.email);
    // An hour later, again.
    await t.db
      .update(rateLimitHits)
      .set({ createdAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(rateLimitHits.bucket, `export:user:${ana.user.id}`));
    expect((await ana.api.account.export()).account.email).toBe(ana.email);
  });

  it('exports likes and passes, filters, blocks, reports, decisions about me with my appeal, token names', async () => {
    const [ana, bor, cene] = [
      await owner('Moj pes'),
      await owner('Všečkani pes'),
      await owner('Preskočeni pes'),
    ];
    const { id, name, breed } = ana.dog;
    await ana.api.dogs.update({
      id,
      name,
      breed,
      birthMonth: '2025-02',
      location: 'Ljubljana',
      size: 'medium',
      vaccinated: true,
      energy: 'high',
    });
    await ana.api.likes.like({ fromDogId: ana.dog.id, dogId: bor.dog.id });
    await ana.api.likes.pass({ fromDogId: ana.dog.id, dogId: cene.dog.id });
    await ana.api.dogs.setDeckFilters({ radiusKm: 20, sizes: ['small'] });
    await ana.api.safety.block({ userId: cene.user.id });
    await ana.api.safety.report({
      targetType: 'dog',
      targetId: bor.dog.id,
      reason: 'spam',
      details: 'Oglas za prodajo',
      goodFaith: true,
    });
    // Bor reports Ana; a moderator warns her, and she appeals.
    const { id: reportId } = await bor.api.safety.report({
      targetType: 'user',
      targetId: ana.user.id,
      reason: 'harassment',
      details: 'Borova prijava',
      goodFaith: true,
    });
    const admin = await t.caller((await makeUser(t.db, { role: 'admin' })).token);
    const statement = 'Opozorilo: žaljivo sporočilo (pravila, točka 3).';
    const { actionId } = await admin.admin.decide({ reportId, action: 'warn', statement });
    expect((await ana.api.account.export()).moderationDecisions).toEqual([
      expect.objectContaining({ action: 'warn', appeal: null }),
    ]);
    await ana.api.safety.appeal({ actionId, text: 'Šlo je za nesporazum.' });
    const { token } = await ana.api.tokens.create({ name: 'Skripta', scopes: ['read'], expiresInDays: 30 });

    const data = await exportOf(ana);
    const text = JSON.stringify(data);
    expect(data.dogs).toEqual([
      expect.objectContaining({
        name: 'Moj pes',
        birthMonth: '2025-02',
        gender: 'male',
        size: 'medium',
        vaccinated: true,
        energy: 'high',
      }),
    ]);
    expect(data.swipes.map((s) => [s.dog, s.withDog, s.liked])).toEqual([
      ['Všečkani pes', 'Moj pes', true],
      ['Preskočeni pes', 'Moj pes', false],
    ]);
    expect(data.deckFilters).toMatchObject({ radiusKm: 20, sizes: ['small'] });
    expect(data.blocked).toEqual([{ fullName: 'Test Uporabnik', blockedAt: expect.any(Date) }]);
    expect(data.reportsFiled).toEqual([
      expect.objectContaining({
        targetType: 'dog',
        reason: 'spam',
        details: 'Oglas za prodajo',
        status: 'open',
      }),
    ]);
    expect(data.moderationDecisions).toEqual([
      expect.objectContaining({
        action: 'warn',
        statement,
        appeal: expect.objectContaining({ text: 'Šlo je za nesporazum.', status: 'open' }),
      }),
    ]);
    expect(data.accessTokens).toEqual([expect.objectContaining({ name: 'Skripta', scopes: ['read'] })]);
    // Never the token, nor who reported me and what they wrote.
    expect(text).not.toContain(token);
    expect(text).not.toContain('Borova prijava');
    expect(text).not.toContain(bor.email);
    // Bor's export has his report, not the decision about Ana.
    const borData = await bor.api.account.export();
    expect(borData.reportsFiled.map((r) => r.details)).toEqual(['Borova prijava']);
    expect(borData.moderationDecisions).toEqual([]);
  });

  it('records the shop wish once, for signed-in users only', async () => {
    const ana = await owner('Kupec');
    expect(await ana.api.shop.status()).toEqual({ notified: false });
    expect(await ana.api.shop.notify()).toEqual({ notified: true });
    expect(await ana.api.shop.notify()).toEqual({ notified: true });
    expect(await ana.api.shop.status()).toEqual({ notified: true });
    expect(await t.db.select().from(shopWishes).where(eq(shopWishes.userId, ana.user.id))).toHaveLength(1);
    expect((await failure((await t.caller()).shop.notify())).appCode).toBe('UNAUTHENTICATED');
  });

  it('tells the web app the donation link', async () => {
    expect(await (await t.caller()).config.get()).toEqual({
      donationUrl: 'https://donate.example/tacke',
      mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    });
  });
});
