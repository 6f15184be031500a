import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blocks, chats, lostAlerts, users } from '../../server/db/schema';
import { addPushSubscription } from '../../server/services/notices/notify-settings';
import { LIMITS } from '#shared/limits';
import { dbKinds, failure, type TestApp } from '../helpers/app';
import { startDelivery, until } from '../helpers/delivery';
import { makeDog, makeUser } from '../helpers/factories';
import { jpeg } from '../helpers/images';
import { uploadedKey } from '../helpers/uploads';
import { type FakeDevice, type PushService } from '../helpers/push-service';

/** Where the dog was found: the centre of Ljubljana. Maribor's dogs are 105 km away. */
const LJUBLJANA = { lat: 46.0511, lon: 14.5051 };
const LOOKS = 'Majhen rjav mešanec, rdeča ovratnica';

/**
 * A found dog without a known owner (issue 33 §5): posted like a lost dog (by anyone, with or without dogs of
 * their own), it reaches owners around by its looks and photo; whoever thinks it is theirs writes to the
 * finder in the app; "back with its owner" tells everyone told. Its rules: looks and a photo, the month's cap
 * shared with lost dogs, no sightings, nothing across a block.
 */
describe.each(dbKinds())('found dogs on %s', (kind) => {
  let t: TestApp;
  let push: PushService;
  beforeAll(async () => {
    ({ t, push } = await startDelivery(kind));
  });
  afterAll(() => Promise.all([t.close(), push.close()]));

  /** A user, with a dog in `town` unless none; `device`: a subscribed browser. */
  async function person(name: string, town: string | null, opts: { device?: boolean; locale?: string } = {}) {
    const made = await makeUser(t.db, { fullName: name });
    await t.db
      .update(users)
      .set({ locale: opts.locale ?? 'sl' })
      .where(eq(users.id, made.id));
    if (town) await makeDog(t.db, made.id, { name: `${name}ov pes`, location: town });
    let device: FakeDevice | null = null;
    if (opts.device) {
      device = push.device();
      await addPushSubscription(t.db, made.id, device);
    }
    return { ...made, api: await t.caller(made.token), device: device! };
  }
  type Person = Awaited<ReturnType<typeof person>>;
  const photoOf = async (who: Person) => uploadedKey(t.app, who.token, await jpeg(400, 300), 'lost');
  const post = async (who: Person, extra: Partial<{ id: string; looks: string; photo: string }> = {}) =>
    who.api.lost.reportFound({
      id: randomUUID(),
      ...LJUBLJANA,
      seenAt: new Date(Date.now() - 20 * 60_000),
      looks: LOOKS,
      note: 'Je pri meni na varnem.',
      photo: extra.photo ?? (await photoOf(who)),
      ...extra,
    });

  it('owners around hear of it by its looks, write to the finder, and hear when it is back with its owner', async () => {
    // Fina has no dog of her own: anyone may post a dog they found.
    const fina = await person('Fina', null);
    const bor = await person('Bor', 'Ljubljana', { device: true, locale: 'en' });
    const cene = await person('Cene', 'Ljubljana');
    const eva = await person('Eva', 'Maribor', { device: true });
    const mailsBefore = t.mails.length;

    const found = await post(fina);
    expect(found).toMatchObject({
      kind: 'found',
      status: 'open',
      mine: true,
      looks: LOOKS,
      town: 'Ljubljana',
      ...LJUBLJANA,
      dog: { id: null, name: null, breed: null },
    });
    expect(found.dog.photo?.key).toMatch(/^lost\//);

    await until(() => bor.device.received.length === 1, 'Bor’s push');
    expect(bor.device.received[0]).toMatchObject({
      title: 'Dog found nearby: Ljubljana',
      url: `/pogresani?alarm=${found.id}`,
      tag: `lost:${found.id}`,
    });
    expect(bor.device.received[0]!.body).toMatch(new RegExp(`^${LOOKS} · found .+\\. Is it yours`));
    await until(() => t.mails.some((m) => m.to === cene.email), 'Cene’s e-mail');
    const mail = t.mails.find((m) => m.to === cene.email)!;
    expect(mail.subject).toBe('Najden pes v bližini: Ljubljana');
    expect(mail.text).toContain(LOOKS);
    expect(mail.text).toContain(`http://tacke.test/pogresani?alarm=${found.id}`);
    expect(eva.device.received).toEqual([]);

    // Bor sees it near his dog, the point rounded, the finder named; not Eva in Maribor.
    const near = (await bor.api.lost.list()).near.find((a) => a.id === found.id);
    expect(near).toMatchObject({ kind: 'found', mine: false, looks: LOOKS, ownerName: 'Fina', lat: 46.05 });
    expect((await eva.api.lost.list()).near.some((a) => a.id === found.id)).toBe(false);

    // A found dog is with its finder: no sightings; Bor writes to Fina, one chat however often he taps.
    expect(
      await failure(
        bor.api.lost.sight({ id: randomUUID(), alertId: found.id, ...LJUBLJANA, seenAt: new Date() }),
      ),
    ).toMatchObject({ appCode: 'NOT_FOUND' });
    const { chatId } = await bor.api.lost.contactFinder({ id: found.id });
    expect(await bor.api.lost.contactFinder({ id: found.id })).toEqual({ chatId });
    expect(await failure(fina.api.lost.contactFinder({ id: found.id }))).toMatchObject({
      appCode: 'NOT_FOUND',
    });
    await bor.api.chats.send({ chatId, content: 'To je moj Piko! Ima znamenje na uhu.' });
    const finasChat = (await fina.api.chats.list()).find((c) => c.id === chatId);
    expect(finasChat).toMatchObject({
      lostAlertId: found.id,
      dog: null,
      iAmOwner: true,
      counterpart: { userId: bor.id },
      chatName: `${LOOKS} · Fina`,
      unread: 1,
    });
    expect((await fina.api.chats.messages({ chatId })).map((m) => m.content)).toEqual([
      'To je moj Piko! Ima znamenje na uhu.',
    ]);
    const [row] = await t.db.select().from(chats).where(eq(chats.id, chatId));
    expect(row).toMatchObject({ ownerId: fina.id, userId: bor.id, dogId: null, lostAlertId: found.id });

    // Back with its owner: those told hear it under the same tag; writing to the finder is over.
    expect(await fina.api.lost.found({ id: found.id })).toMatchObject({ status: 'found', told: 2 });
    await until(() => bor.device.received.length === 2, 'Bor’s "back home" push');
    expect(bor.device.received[1]).toMatchObject({
      title: 'The found dog is back with its owner',
      body: `${LOOKS}. Thank you for helping.`,
      tag: `lost:${found.id}`,
    });
    await until(
      () => t.mails.some((m) => m.to === cene.email && m.subject === 'Najdeni pes je spet pri lastniku'),
      'Cene’s "back home" e-mail',
    );
    expect(t.mails.slice(mailsBefore).filter((m) => m.to === cene.email)).toHaveLength(2);
    expect(await failure(bor.api.lost.contactFinder({ id: found.id }))).toMatchObject({
      appCode: 'NOT_FOUND',
    });

    // Her data export has the post, by its looks.
    const exported = await fina.api.account.export();
    expect(exported.lostAlerts).toEqual([
      expect.objectContaining({ kind: 'found', dog: null, looks: LOOKS, status: 'found' }),
    ]);
  });

  it('needs its looks and a photo, stores nothing without, and a retry posts it once', async () => {
    const fina = await person('Fina', 'Ljubljana');
    const id = randomUUID();
    const withoutPhoto = fina.api.lost.reportFound({
      id,
      ...LJUBLJANA,
      seenAt: new Date(),
      looks: LOOKS,
    } as Parameters<typeof fina.api.lost.reportFound>[0]);
    expect(await failure(withoutPhoto)).toMatchObject({
      appCode: 'VALIDATION',
      fieldErrors: { photo: ['validation.foundPhotoRequired'] },
    });
    expect(await failure(post(fina, { id, looks: '   ' }))).toMatchObject({
      appCode: 'VALIDATION',
      fieldErrors: { looks: ['validation.foundLooksRequired'] },
    });
    expect(await failure(post(fina, { id, looks: 'x'.repeat(LIMITS.lostAlert.looksMax + 1) }))).toMatchObject(
      { fieldErrors: { looks: ['validation.foundLooksTooLong'] } },
    );
    expect(await t.db.select().from(lostAlerts).where(eq(lostAlerts.userId, fina.id))).toEqual([]);

    const photo = await photoOf(fina);
    const first = await post(fina, { id, photo });
    expect(await post(fina, { id, photo })).toEqual(first);
    expect(await t.db.select().from(lostAlerts).where(eq(lostAlerts.userId, fina.id))).toHaveLength(1);
  });

  it('shares the month’s cap with lost dogs', async () => {
    const ana = await person('Ana', 'Ljubljana');
    const [dog] = await ana.api.dogs.mine();
    await ana.api.lost.report({ id: randomUUID(), dogId: dog!.id, ...LJUBLJANA, seenAt: new Date() });
    for (let i = 1; i < LIMITS.lostAlert.perMonth; i++) await post(ana);
    expect(await failure(post(ana))).toMatchObject({
      appCode: 'MONTHLY_LIMIT',
      meta: { max: LIMITS.lostAlert.perMonth },
    });
  });

  it('nobody across a block hears of it, sees it or writes to its finder', async () => {
    const fina = await person('Fina', 'Ljubljana');
    const gal = await person('Gal', 'Ljubljana', { device: true });
    const hana = await person('Hana', 'Ljubljana', { device: true });
    await t.db.insert(blocks).values({ blockerId: gal.id, blockedId: fina.id });
    const found = await post(fina);
    await until(() => hana.device.received.length === 1, 'Hana’s push');
    expect(gal.device.received).toEqual([]);
    expect((await gal.api.lost.list()).near.some((a) => a.id === found.id)).toBe(false);
    expect(await failure(gal.api.lost.byId({ id: found.id }))).toMatchObject({ appCode: 'NOT_FOUND' });
    expect(await failure(gal.api.lost.contactFinder({ id: found.id }))).toMatchObject({
      appCode: 'NOT_FOUND',
    });
  });

  it('its public page and poster say it was found and ask its owner to write, without the finder', async () => {
    const fina = await person('Fina Finder', 'Ljubljana');
    const found = await post(fina);
    const page = await t.app.inject({ method: 'GET', url: `/pogresan/${found.id}?lang=en` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Dog found near Ljubljana</title>');
    expect(page.body).toContain(`<meta property="og:image:alt" content="Found dog: ${LOOKS}">`);
    expect(page.body).toMatch(/<meta property="og:image" content="http:\/\/tacke\.test\/media\/lost\//);
    expect(page.body).toContain('<dt>Description</dt><dd>Majhen rjav mešanec, rdeča ovratnica</dd>');
    expect(page.body).toContain('Write to the finder in Tačke');
    expect(page.body).toContain('<p class="status open">Found</p>');
    expect(page.body).not.toContain('Fina');
    const poster = await t.app.inject({ method: 'GET', url: `/pogresan/${found.id}/plakat?lang=sl` });
    expect(poster.body).toContain('<h1><span>NAJDEN PES</span></h1>');
    expect(poster.body).toContain('Je to vaš pes?');

    await fina.api.lost.found({ id: found.id });
    const home = await t.app.inject({ method: 'GET', url: `/pogresan/${found.id}?lang=de` });
    expect(home.body).toContain('<h1>Der Hund ist wieder bei seinem Menschen</h1>');
    expect(home.body).toContain('<p class="status found">Wieder daheim</p>');
  });
});
