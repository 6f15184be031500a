import { and, eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, chats, matches, notifications, swipes, users } from '../../server/db/schema';
import { LIKE_MESSAGE } from '#shared/domain/like-message';
import { inRequestFilter, type RequestFilter } from '#shared/domain/requests';
import { LIMITS } from '#shared/limits';
import type { RequestItem } from '#shared/schemas/likes';
import { dbKinds, failure, startTestApp, type TestApp, trackedEvent } from '../helpers/app';

type User = Awaited<ReturnType<TestApp['signedInUser']>>;

describe.each(dbKinds())('likes and requests on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  /** A user with one dog in `location`. */
  async function owner(name: string, location = 'Ljubljana') {
    const user = await t.signedInUser();
    const api = await t.caller(user.token);
    const dog = await api.dogs.create({ name, breed: 'Mešanec', age: 3, gender: 'male', location });
    return { ...user, api, dog };
  }
  type Owner = Awaited<ReturnType<typeof owner>>;
  const like = (a: Owner, b: Owner) => a.api.likes.like({ fromDogId: a.dog.id, dogId: b.dog.id });
  /** Ids of the chats between two owners' dogs. */
  const pairChats = async (a: Owner, b: Owner) =>
    (
      await t.db
        .select({ id: chats.id })
        .from(chats)
        .where(
          or(
            and(eq(chats.dogId, a.dog.id), eq(chats.otherDogId, b.dog.id)),
            and(eq(chats.dogId, b.dog.id), eq(chats.otherDogId, a.dog.id)),
          ),
        )
    ).map((c) => c.id);
  const received = async (o: Owner) =>
    (await o.api.requests.list()).filter((r) => r.direction === 'received');

  it('a like sends a request; again is "already sent"; the recipient sees who, with which dog', async () => {
    const [ana, bor] = [await owner('Piki'), await owner('Rex')];
    expect(await like(ana, bor)).toEqual({ outcome: 'requested' });
    expect(await like(ana, bor)).toEqual({ outcome: 'already_sent' });
    const [request] = await received(bor);
    expect(request).toMatchObject({
      type: 'request',
      status: 'unread',
      dog: { id: bor.dog.id, name: 'Rex' },
      fromDog: { id: ana.dog.id, name: 'Piki', breed: 'Mešanec' },
      counterpart: { userId: ana.user.id, fullName: 'Test Uporabnik' },
    });
    const [sent] = await ana.api.requests.list();
    expect(sent).toMatchObject({ direction: 'sent', status: 'unread', dog: { name: 'Rex' } });
    expect(await bor.api.requests.unreadCount()).toBe(1);
    await bor.api.requests.markRead({ id: request!.id });
    expect(await bor.api.requests.unreadCount()).toBe(0);
    expect((await received(bor))[0]?.status).toBe('read');
  });

  it('accept: a chat, a match and an acceptance notice; then a like posts the heart message instead', async () => {
    const [ana, bor] = [await owner('Luna'), await owner('Max')];
    await like(ana, bor);
    const [request] = await received(bor);
    const { chatId } = await bor.api.requests.accept({ id: request!.id });
    const [chat] = await t.db.select().from(chats).where(eq(chats.id, chatId));
    expect(chat).toMatchObject({ ownerId: bor.user.id, userId: ana.user.id, dogId: bor.dog.id });
    expect(chat?.chatName).toBe('Max (Mešanec) · Test Uporabnik');
    expect(await t.db.select().from(matches).where(eq(matches.dog1Id, bor.dog.id))).toHaveLength(1);
    const feedback = (await received(ana)).find((r) => r.type === 'acceptance_feedback');
    expect(feedback).toMatchObject({ status: 'unread', counterpart: { userId: bor.user.id }, chatId });
    expect((await received(bor))[0]).toMatchObject({ id: request!.id, status: 'accepted', chatId });
    expect((await failure(bor.api.requests.accept({ id: request!.id }))).appCode).toBe('REQUEST_HANDLED');

    expect(await like(ana, bor)).toEqual({ outcome: 'message_sent', chatId });
    const messages = await t.db.select().from(chatMessages).where(eq(chatMessages.chatId, chatId));
    expect(messages).toMatchObject([{ senderId: ana.user.id, ...LIKE_MESSAGE }]);
    expect((await t.db.select().from(chats).where(eq(chats.id, chatId)))[0]?.unreadCountOwner).toBe(1);
  });

  it('reject: the liker waits for the cooldown, then the same request comes back unread', async () => {
    const [ana, bor] = [await owner('Bela'), await owner('Črni')];
    await like(ana, bor);
    const [request] = await received(bor);
    await bor.api.requests.reject({ id: request!.id });
    expect((await ana.api.requests.list())[0]).toMatchObject({ direction: 'sent', status: 'rejected' });
    expect(await like(ana, bor)).toEqual({ outcome: 'cooldown', minutesLeft: LIMITS.likeCooldownMinutes });
    await t.db
      .update(swipes)
      .set({ rejectedUntil: new Date(Date.now() - 1000) })
      .where(and(eq(swipes.userId, ana.user.id), eq(swipes.dogId, bor.dog.id)));
    expect(await like(ana, bor)).toEqual({ outcome: 'requested' });
    const again = await received(bor);
    expect(again).toHaveLength(1);
    expect(again[0]).toMatchObject({ id: request!.id, status: 'unread' });
  });

  it('a mutual like is a match: one chat, both requests accepted, one match notice each', async () => {
    const [ana, bor] = [await owner('Fido'), await owner('Lara')];
    await like(bor, ana);
    const result = await like(ana, bor);
    expect(result).toMatchObject({ outcome: 'match' });
    const chatId = (result as { chatId: string }).chatId;
    expect((await ana.api.requests.list()).find((r) => r.direction === 'sent')).toMatchObject({
      status: 'accepted',
      chatId,
    });
    for (const notice of [...(await received(ana)), ...(await received(bor))])
      expect(notice.chatId).toBe(chatId);
    expect((await bor.api.requests.list()).find((r) => r.direction === 'sent')?.status).toBe('accepted');
    // A match is its own notice, not "your request was accepted": the liker has seen it already.
    const notices = async (o: Owner) =>
      (await received(o)).filter((r) => r.type !== 'request').map((r) => [r.type, r.status, r.dog?.name]);
    expect(await notices(ana)).toEqual([['match', 'read', 'Fido']]);
    expect(await notices(bor)).toEqual([['match', 'unread', 'Lara']]);
    expect(await t.db.select().from(chats).where(eq(chats.id, chatId))).toHaveLength(1);
    expect(await ana.api.profiles.stats()).toEqual({ dogs: 1, matches: 1 });

    // Liking again, from either side: the heart message in the same chat, no new match or notice.
    expect(await like(ana, bor)).toEqual({ outcome: 'message_sent', chatId });
    expect(await like(bor, ana)).toEqual({ outcome: 'message_sent', chatId });
    expect(await notices(ana)).toEqual([['match', 'read', 'Fido']]);
    expect(await notices(bor)).toEqual([['match', 'unread', 'Lara']]);
    expect(await pairChats(ana, bor)).toEqual([chatId]);
    expect(await ana.api.profiles.stats()).toEqual({ dogs: 1, matches: 1 });
    const hearts = await t.db.select().from(chatMessages).where(eq(chatMessages.chatId, chatId));
    expect(hearts.map((m) => [m.senderId, m.messageType])).toEqual([
      [ana.user.id, 'like'],
      [bor.user.id, 'like'],
    ]);
    const [ana1, bor1] = await Promise.all([ana.api.chats.list(), bor.api.chats.list()]);
    expect([ana1[0]?.unread, bor1[0]?.unread]).toEqual([1, 1]);
  });

  it('an accepted like and a like back are one chat: the like back is a heart message in it', async () => {
    const [ana, bor] = [await owner('Sivka'), await owner('Bobi')];
    await like(ana, bor);
    const { chatId } = await bor.api.requests.accept({ id: (await received(bor))[0]!.id });
    expect(await like(bor, ana)).toEqual({ outcome: 'message_sent', chatId });
    expect(await pairChats(ana, bor)).toEqual([chatId]);
    expect(await t.db.select().from(matches).where(eq(matches.user1Id, bor.user.id))).toHaveLength(1);
    // The liker was told once that the request was accepted, and nothing more.
    expect((await received(ana)).map((r) => r.type)).toEqual(['acceptance_feedback']);
  });

  it('a deleted chat comes back with a heart when a matched pair likes again, without a second match', async () => {
    const [ana, bor] = [await owner('Oli'), await owner('Tačka')];
    await like(bor, ana);
    const first = await like(ana, bor);
    await bor.api.chats.remove({ chatId: (first as { chatId: string }).chatId });
    const again = await like(ana, bor);
    expect(again).toMatchObject({ outcome: 'message_sent' });
    const [chatId] = await pairChats(ana, bor);
    expect(again).toEqual({ outcome: 'message_sent', chatId });
    expect((await received(bor)).filter((r) => r.type === 'match')).toHaveLength(1);
    expect(await ana.api.profiles.stats()).toEqual({ dogs: 1, matches: 1 });
  });

  it("each side of a chat sees the other owner and the other owner's dog", async () => {
    const [ana, bor] = [await owner('Ajda'), await owner('Bruno')];
    await like(ana, bor);
    await bor.api.requests.accept({ id: (await received(bor))[0]!.id });
    const [[seenByAna], [seenByBor]] = await Promise.all([ana.api.chats.list(), bor.api.chats.list()]);
    expect(seenByAna).toMatchObject({ dog: { name: 'Bruno' }, counterpart: { userId: bor.user.id } });
    expect(seenByBor).toMatchObject({ dog: { name: 'Ajda' }, counterpart: { userId: ana.user.id } });
  });

  it('"Sprejete" and "Zavrnjene" hold what the badges say: requests received and sent alike, no notices', async () => {
    const [ana, bor, cid, eve, fay] = [
      await owner('A1'),
      await owner('B1'),
      await owner('C1'),
      await owner('E1'),
      await owner('F1'),
    ];
    await like(ana, bor);
    await bor.api.requests.accept({ id: (await received(bor))[0]!.id }); // Bor accepted the request Ana sent
    await like(ana, fay);
    await fay.api.requests.reject({ id: (await received(fay))[0]!.id }); // Fay rejected the one Ana sent
    await like(cid, ana);
    await like(eve, ana);
    const fromCid = (await received(ana)).find((r) => r.counterpart?.userId === cid.user.id)!;
    const fromEve = (await received(ana)).find((r) => r.counterpart?.userId === eve.user.id)!;
    await ana.api.requests.reject({ id: fromCid.id });
    await ana.api.requests.accept({ id: fromEve.id });
    const list = await ana.api.requests.list();
    const sentTo = (o: Owner) =>
      list.find((r) => r.direction === 'sent' && r.counterpart?.userId === o.user.id)!.id;
    const tab = (filter: RequestFilter) => list.filter(inRequestFilter(filter)).map((r) => r.id);
    expect(new Set(tab('accepted'))).toEqual(new Set([fromEve.id, sentTo(bor)]));
    expect(new Set(tab('rejected'))).toEqual(new Set([fromCid.id, sentTo(fay)]));
    // Vse: the four requests and Bor's acceptance notice.
    expect(tab('all')).toHaveLength(5);
    expect(list.filter((r) => r.type === 'acceptance_feedback')).toHaveLength(1);
  });

  it('the match view has what it needs on both sides: the dogs, the other owner, the new chat, once', async () => {
    const [ana, bor] = [await owner('Piki'), await owner('Rex')];
    await like(ana, bor);
    const [request] = await received(bor);
    // The accepter: the request names the liker and both dogs; accepting gives the chat.
    expect(request).toMatchObject({
      dog: { id: bor.dog.id, name: 'Rex' },
      fromDog: { id: ana.dog.id, name: 'Piki' },
      counterpart: { userId: ana.user.id, fullName: 'Test Uporabnik' },
    });
    const { chatId } = await bor.api.requests.accept({ id: request!.id });
    // The liker: one unread acceptance notice with the accepter's dog, the liker's own and the same chat.
    const news = (await received(ana)).filter((r) => r.type === 'acceptance_feedback');
    expect(news).toEqual([
      expect.objectContaining({
        status: 'unread',
        dog: expect.objectContaining({ id: bor.dog.id, name: 'Rex' }),
        fromDog: expect.objectContaining({ id: ana.dog.id, name: 'Piki' }),
        counterpart: { userId: bor.user.id, fullName: 'Test Uporabnik' },
        chatId,
      }),
    ]);
    // Shown once: read, it is no longer unread news.
    await ana.api.requests.markRead({ id: news[0]!.id });
    expect((await received(ana)).find((r) => r.id === news[0]!.id)?.status).toBe('read');
    expect(await ana.api.requests.unreadCount()).toBe(0);
    // The new chat is in both lists without a message (the chat tab counts it as new) until one is written.
    const chatIn = async (o: Owner) => (await o.api.chats.list()).find((c) => c.id === chatId);
    expect(await chatIn(ana)).toMatchObject({ lastMessage: null, unread: 0 });
    expect(await chatIn(bor)).toMatchObject({ lastMessage: null, unread: 0 });
    await bor.api.chats.send({ chatId, content: 'Živjo!', type: 'text' });
    expect(await chatIn(ana)).toMatchObject({ lastMessage: { content: 'Živjo!' }, unread: 1 });
    expect(await chatIn(bor)).toMatchObject({ lastMessage: { content: 'Živjo!' }, unread: 0 });
  });

  it('only the recipient may accept or reject; not the liker, not a stranger', async () => {
    const [ana, bor, eve] = [await owner('A'), await owner('B'), await owner('E')];
    await like(ana, bor);
    const [request] = await received(bor);
    for (const who of [ana, eve]) {
      expect((await failure(who.api.requests.accept({ id: request!.id }))).appCode).toBe('NOT_FOUND');
      expect((await failure(who.api.requests.reject({ id: request!.id }))).appCode).toBe('NOT_FOUND');
      expect((await failure(who.api.requests.markRead({ id: request!.id }))).appCode).toBe('NOT_FOUND');
    }
    const [row] = await t.db.select().from(notifications).where(eq(notifications.id, request!.id));
    expect(row?.status).toBe('unread');
    expect(await t.db.select().from(chats).where(eq(chats.dogId, bor.dog.id))).toEqual([]);
    // Liking with someone else's dog, or one's own dog, is NOT_FOUND.
    expect((await failure(eve.api.likes.like({ fromDogId: ana.dog.id, dogId: bor.dog.id }))).appCode).toBe(
      'NOT_FOUND',
    );
    expect((await failure(eve.api.likes.like({ fromDogId: eve.dog.id, dogId: eve.dog.id }))).appCode).toBe(
      'NOT_FOUND',
    );
  });

  it('two simultaneous accepts, or two racing mutual likes, make exactly one chat', async () => {
    const [ana, bor] = [await owner('Hitri'), await owner('Počasni')];
    await like(ana, bor);
    const [request] = await received(bor);
    const results = await Promise.allSettled([
      bor.api.requests.accept({ id: request!.id }),
      bor.api.requests.accept({ id: request!.id }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await t.db.select().from(chats).where(eq(chats.dogId, bor.dog.id))).toHaveLength(1);

    const [cid, dan] = [await owner('Ena'), await owner('Dva')];
    const outcomes = await Promise.all([like(cid, dan), like(dan, cid)]);
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(['match', 'requested']);
    const made = await t.db
      .select()
      .from(chats)
      .where(and(eq(chats.ownerId, cid.user.id)));
    const madeOther = await t.db
      .select()
      .from(chats)
      .where(and(eq(chats.ownerId, dan.user.id)));
    expect(made.length + madeOther.length).toBe(1);
  });

  it('reading a request while it is accepted, rejected or withdrawn never deadlocks (one lock order)', async () => {
    for (let round = 0; round < 8; round++) {
      const [ana, bor] = [await owner(`Ana${round}`), await owner(`Bor${round}`)];
      await like(ana, bor);
      const [request] = await received(bor);
      const decide = [
        () => bor.api.requests.accept({ id: request!.id }),
        () => bor.api.requests.reject({ id: request!.id }),
        () => ana.api.requests.withdraw({ id: request!.id }),
      ][round % 3]!;
      const results = await Promise.allSettled([
        bor.api.requests.markRead({ id: request!.id }),
        decide(),
        bor.api.requests.markRead({ id: request!.id }),
      ]);
      expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    }
  });

  it('the deck: other dogs not yet handled, never my own, my place first, the same order each time', async () => {
    const me = await owner('Jaz', 'Kranj');
    const near = await owner('Blizu', 'Kranj');
    const passed = await owner('Mimo', 'Celje');
    const deck = async () =>
      (await me.api.dogs.deck({ fromDogId: me.dog.id, limit: 50 })).map((dog) => dog.id);
    const first = await deck();
    expect(first[0]).toBe(near.dog.id);
    expect(first).not.toContain(me.dog.id);
    expect(first).toContain(passed.dog.id);
    expect(await deck()).toEqual(first);
    await me.api.likes.pass({ fromDogId: me.dog.id, dogId: passed.dog.id });
    await like(me, near);
    const after = await deck();
    expect(after).not.toContain(passed.dog.id);
    expect(after).not.toContain(near.dog.id);
    expect(after).toHaveLength(first.length - 2);
    const card = (await me.api.dogs.deck({ fromDogId: me.dog.id, limit: 1 }))[0];
    expect(card?.owner).toMatchObject({ fullName: 'Test Uporabnik' });
    expect((await failure(near.api.dogs.deck({ fromDogId: me.dog.id }))).appCode).toBe('NOT_FOUND');
  });

  it('the demo deck shows only demo accounts’ dogs, to anyone', async () => {
    const demo = await owner('Demo Dog');
    await t.db.update(users).set({ passwordHash: null }).where(eq(users.id, demo.user.id));
    const cards = await (await t.caller()).dogs.demoDeck();
    expect(cards.map((dog) => dog.name)).toEqual(['Demo Dog']);
  });

  it('onChange delivers changes live in order and resumes after a dropped connection with nothing lost or repeated', async () => {
    const [ana, bor] = [await owner('Sub'), await owner('Scriber')];
    const first = new AbortController();
    const stream = await (await t.caller(bor.token, first.signal)).requests.onChange();
    const seen: Array<{ id: string; status: string; type: string }> = [];
    let lastEventId = '';
    const reading = (async () => {
      for await (const event of stream) {
        const { id, data } = trackedEvent(event);
        lastEventId = id;
        seen.push(data as RequestItem);
        if (seen.length === 1) break;
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 30));
    await like(ana, bor);
    await reading;
    first.abort();
    expect(seen).toMatchObject([{ type: 'request', status: 'unread' }]);

    // While disconnected: read and accepted.
    await bor.api.requests.markRead({ id: seen[0]!.id });
    await bor.api.requests.accept({ id: seen[0]!.id });
    const second = new AbortController();
    const resumed = await (await t.caller(bor.token, second.signal)).requests.onChange({ lastEventId });
    const missed: Array<{ id: string; status: string }> = [];
    for await (const event of resumed) {
      missed.push(trackedEvent(event).data as RequestItem);
      if (missed.length === 1) break;
    }
    second.abort();
    // The request changed twice but is delivered once, in its latest state.
    expect(missed).toMatchObject([{ id: seen[0]!.id, status: 'accepted' }]);
  });

  it('onChange hears every one of 30 likes sent at once (writers commit in seq order)', async () => {
    const bor = await owner('Priljubljeni');
    const likers: Owner[] = [];
    for (let i = 0; i < 30; i++) likers.push(await owner(`Oboževalec ${i}`));
    const controller = new AbortController();
    const stream = await (await t.caller(bor.token, controller.signal)).requests.onChange();
    const seen = new Set<string>();
    const reading = (async () => {
      for await (const event of stream) {
        seen.add(trackedEvent(event).data.id);
        if (seen.size === 30) break;
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 30));
    await Promise.all(likers.map((liker) => like(liker, bor)));
    await Promise.race([reading, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    controller.abort();
    expect(seen).toEqual(new Set((await received(bor)).map((request) => request.id)));
    expect(seen.size).toBe(30);
  });
});

describe.each(dbKinds())('announcements on %s', (kind) => {
  let t: TestApp;
  let admin: User;
  let someone: User;
  beforeAll(async () => {
    t = await startTestApp(kind, { ADMIN_EMAILS: 'admin@tacke.si' });
    admin = await t.signedInUser('admin@tacke.si');
    someone = await t.signedInUser();
  });
  afterAll(() => t.close());

  it('the admin posts, edits and soft-deletes; everyone lists the active ones, newest first', async () => {
    const api = await t.caller(admin.token);
    const first = await api.announcements.create({
      title: ' Dobrodošli ',
      content: ' Prvo obvestilo ',
      updateType: 'general',
    });
    expect(first).toMatchObject({ title: 'Dobrodošli', content: 'Prvo obvestilo', updateType: 'general' });
    const second = await api.announcements.create({
      title: 'Nova funkcija',
      content: 'Ujemanja',
      updateType: 'feature',
    });
    const anon = await t.caller();
    expect((await anon.announcements.list()).map((a) => a.id)).toEqual([second.id, first.id]);
    await api.announcements.update({
      id: first.id,
      title: 'Pozdravljeni',
      content: 'x',
      updateType: 'announcement',
    });
    await api.announcements.remove({ id: second.id });
    expect(await anon.announcements.list()).toMatchObject([{ id: first.id, title: 'Pozdravljeni' }]);
    expect((await failure(api.announcements.remove({ id: second.id }))).appCode).toBe('NOT_FOUND');
  });

  it('non-admins get FORBIDDEN and nothing changes; empty texts are refused', async () => {
    const before = await (await t.caller()).announcements.list();
    const user = await t.caller(someone.token);
    expect((await failure(user.announcements.create({ title: 'x', content: 'y' }))).appCode).toBe(
      'FORBIDDEN',
    );
    if (before[0]) {
      expect((await failure(user.announcements.remove({ id: before[0].id }))).appCode).toBe('FORBIDDEN');
      expect(
        (await failure(user.announcements.update({ id: before[0].id, title: 'x', content: 'y' }))).appCode,
      ).toBe('FORBIDDEN');
    }
    expect(
      (await failure((await t.caller()).announcements.create({ title: 'x', content: 'y' }))).appCode,
    ).toBe('UNAUTHENTICATED');
    const error = await failure(
      (await t.caller(admin.token)).announcements.create({ title: '  ', content: '' }),
    );
    expect(error.fieldErrors).toMatchObject({
      title: ['validation.titleRequired'],
      content: ['validation.contentRequired'],
    });
    expect(await (await t.caller()).announcements.list()).toEqual(before);
  });

  it('onChange delivers a new announcement to a signed-out subscriber', async () => {
    const controller = new AbortController();
    const stream = await (await t.caller(null, controller.signal)).announcements.onChange();
    const reading = (async () => {
      for await (const event of stream) return trackedEvent(event).data;
    })();
    await new Promise((resolve) => setTimeout(resolve, 30));
    await (
      await t.caller(admin.token)
    ).announcements.create({ title: 'V živo', content: 'Zdaj', updateType: 'maintenance' });
    expect(await reading).toMatchObject({ title: 'V živo', isActive: true, updateType: 'maintenance' });
    controller.abort();
  });
});
