import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dogProfiles, profiles } from '../../server/db/schema';
import { dbKinds, startTestApp, type TestApp } from '../helpers/app';
import { makeChat, makeDog, makeEvent, makeUser } from '../helpers/factories';

/*
 * What a moderator reads of a reported item (issue 30): its fields by name with nothing empty, its photos as
 * pictures, and for a message the conversation around it as it was when reported.
 */
describe.each(dbKinds())('the reported item on %s', (kind) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<TestApp['caller']>>;
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await t.caller((await makeUser(t.db, { fullName: 'Moderatorka', role: 'admin' })).token);
  });
  afterAll(() => t.close());

  async function person(name: string) {
    const user = await makeUser(t.db, { fullName: name });
    const dog = await makeDog(t.db, user.id, { name: `${name} pes` });
    return { ...user, fullName: name, dog, api: await t.caller(user.token) };
  }
  const reportOf = async (id: string) => (await admin.admin.reports()).find((report) => report.id === id)!;
  const report = { reason: 'harassment' as const, goodFaith: true as const };

  it('a message keeps three before and three after it, the reported one marked, as they were', async () => {
    const [ana, bor] = [await person(`Ana ${randomUUID()}`), await person(`Bor ${randomUUID()}`)];
    const chat = await makeChat(
      t.db,
      { userId: ana.id, dogId: ana.dog.id },
      { userId: bor.id, dogId: bor.dog.id },
    );
    const sent = [];
    for (let i = 1; i <= 9; i++)
      sent.push(await (i % 2 ? bor : ana).api.chats.send({ chatId: chat.id, content: `sporočilo ${i}` }));
    const taken = await ana.api.safety.report({ ...report, targetType: 'message', targetId: sent[4]!.id });
    // Later messages and a renamed sender change nothing of what was reported.
    await bor.api.chats.send({ chatId: chat.id, content: 'pozneje' });
    await t.db.update(profiles).set({ fullName: 'Drugo ime' }).where(eq(profiles.userId, bor.id));

    const { item } = await reportOf(taken.id);
    expect(item.context.map((message) => [message.sender, message.content, message.reported])).toEqual(
      [2, 3, 4, 5, 6, 7, 8].map((i) => [i % 2 ? bor.fullName : ana.fullName, `sporočilo ${i}`, i === 5]),
    );
    expect(item.context[3]!.sentAt).toEqual(sent[4]!.createdAt);
    expect(item.fields).toEqual([
      { field: 'content', value: 'sporočilo 5' },
      { field: 'sentAt', value: sent[4]!.createdAt.toISOString() },
    ]);
    expect(item.photos).toEqual([]);
  });

  it('an event chat message keeps what came before it, at the start of the chat', async () => {
    const [ana, bor] = [await person(`Ana ${randomUUID()}`), await person(`Bor ${randomUUID()}`)];
    const event = await makeEvent(t.db, ana.id, { title: 'Sprehod ob Savi' });
    await bor.api.events.join({ id: event.id });
    const send = (who: typeof ana, content: string) =>
      who.api.events.chatSend({ eventId: event.id, id: randomUUID(), content });
    await send(ana, 'Dobrodošli');
    const reported = await send(bor, 'Neprimerno');
    await send(ana, 'Prosim, ne');
    const taken = await ana.api.safety.report({
      ...report,
      targetType: 'event_message',
      targetId: reported.id,
    });
    const { item } = await reportOf(taken.id);
    expect(item.context.map((message) => [message.content, message.reported])).toEqual([
      ['Dobrodošli', false],
      ['Neprimerno', true],
      ['Prosim, ne', false],
    ]);
  });

  it('a dog shows its fields by name, none empty, and its photos as pictures', async () => {
    const [ana, bor] = [await person(`Ana ${randomUUID()}`), await person(`Bor ${randomUUID()}`)];
    await t.db
      .update(dogProfiles)
      .set({ photos: ['dogs/a1', 'dogs/a2'], description: '', traits: ['Igriv'] })
      .where(eq(dogProfiles.id, bor.dog.id));
    const taken = await ana.api.safety.report({
      ...report,
      reason: 'fake',
      targetType: 'dog',
      targetId: bor.dog.id,
    });
    const { item } = await reportOf(taken.id);
    expect(item.fields).toEqual([
      { field: 'name', value: bor.dog.name },
      { field: 'breed', value: 'Mešanec' },
      { field: 'birthMonth', value: expect.stringMatching(/^\d{4}-\d{2}$/) },
      { field: 'traits', value: ['Igriv'] },
      { field: 'location', value: 'Ljubljana' },
    ]);
    expect(item.photos.map((photo) => photo.key)).toEqual(['dogs/a1', 'dogs/a2']);
    expect(item.photos[0]!.thumb).toMatch(/dogs\/a1.*\.webp/);
    expect(item.context).toEqual([]);
  });

  it('a user without a photo or a place shows only the name and country', async () => {
    const [ana, bor] = [await person(`Ana ${randomUUID()}`), await person(`Bor ${randomUUID()}`)];
    await t.db
      .update(profiles)
      .set({ location: null, photoUrl: null, countryCode: 'SI' })
      .where(eq(profiles.userId, bor.id));
    const taken = await ana.api.safety.report({ ...report, targetType: 'user', targetId: bor.id });
    const { item } = await reportOf(taken.id);
    expect(item.fields).toEqual([
      { field: 'fullName', value: bor.fullName },
      { field: 'country', value: 'SI' },
    ]);
    expect(item.photos).toEqual([]);
  });
});
