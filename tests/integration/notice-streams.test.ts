import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, profiles } from '../../server/db/schema';
import { lockStreams } from '../../server/realtime/stream-lock';
import { deliverEventChange, deliverEventReminder } from '../../server/services/events/event-notices';
import type { RequestItem } from '#shared/schemas/likes';
import { requestsTopic, type RequestGone } from '../../server/services/notices/notifications';
import type { NotificationType } from '#shared/domain/requests';
import { dateInDays } from '#shared/domain/event-time';
import { dbKinds, startTestApp, type TestApp, trackedEvent } from '../helpers/app';
import { sleep } from '../helpers/instances';

/**
 * Every event notice reaches a live notifications list (requests.onChange, resumable by seq) exactly once. On
 * PostgreSQL each writer must hold the recipient's stream lock from before its row takes a seq until it
 * commits (server/realtime/stream-lock.ts): a writer that did not would commit behind a reader's back.
 */
describe.each(dbKinds())('event notices on the live notifications list on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  async function user(fullName: string) {
    const signed = await t.signedInUser();
    await t.db.update(profiles).set({ fullName }).where(eq(profiles.userId, signed.user.id));
    const stop = new AbortController();
    const stream = await (await t.caller(signed.token, stop.signal)).requests.onChange();
    const heard: Array<RequestItem | RequestGone> = [];
    void (async () => {
      for await (const event of stream) heard.push(trackedEvent(event).data as RequestItem | RequestGone);
    })();
    return { id: signed.user.id, api: await t.caller(signed.token), heard, stop };
  }
  type User = Awaited<ReturnType<typeof user>>;

  const noticesOf = async (who: User, type: NotificationType) => {
    const [row] = await t.db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.ownerId, who.id), eq(notifications.notificationType, type)));
    return row!.n;
  };

  /**
   * Runs `write`, which gives `who` one more notice of `type`. On PostgreSQL, while another transaction holds
   * their stream's lock (a writer between taking a seq and its commit), the write must wait for it.
   */
  async function told(who: User, type: NotificationType, write: () => Promise<unknown>) {
    const before = await noticesOf(who, type);
    if (kind === 'pglite') {
      // One connection: transactions run one after another, so none can commit out of seq order.
      await write();
    } else {
      let release!: () => void;
      let held!: () => void;
      const lockHeld = new Promise<void>((resolve) => (held = resolve));
      const holder = t.db.transaction(async (tx) => {
        await lockStreams(tx, requestsTopic(who.id));
        held();
        await new Promise<void>((resolve) => (release = resolve));
      });
      await lockHeld;
      let finished = false;
      const writing = write().then(() => (finished = true));
      await sleep(300);
      expect({ type, finished, notices: await noticesOf(who, type) }).toEqual({
        type,
        finished: false,
        notices: before,
      });
      release();
      await holder;
      await writing;
    }
    expect(await noticesOf(who, type)).toBe(before + 1);
  }

  it('each kind of event notice is written under the recipient’s stream lock and heard live once', async () => {
    const [ana, bor, cene, dana] = [
      await user('Ana'),
      await user('Bor'),
      await user('Cene'),
      await user('Dana'),
    ];
    await sleep(100);
    const place = { locationName: 'Tivoli', country: 'SI', location: 'Ljubljana', eventTime: '10:00' };
    const event = await ana.api.events.create({
      ...place,
      title: 'Z odobritvijo',
      eventDate: dateInDays(3),
      maxAttendees: 2,
      requiresApproval: true,
    });
    const id = event.id;
    for (const who of [bor, cene, dana])
      await told(ana, 'event_join_request', () => who.api.events.join({ id }));
    await told(bor, 'event_approved', () =>
      ana.api.events.decide({ eventId: id, userId: bor.id, approve: true }),
    );
    // Full now: Cene is approved into the line.
    await told(cene, 'event_approved', () =>
      ana.api.events.decide({ eventId: id, userId: cene.id, approve: true }),
    );
    await told(dana, 'event_declined', () =>
      ana.api.events.decide({ eventId: id, userId: dana.id, approve: false }),
    );
    // Bor's seat goes to Cene, first in line.
    await told(bor, 'event_removed', () => ana.api.events.removeAttendee({ eventId: id, userId: bor.id }));
    expect(await noticesOf(cene, 'event_seat')).toBe(1);
    // A seat freed by a leave goes to the first in line of another event.
    const full = await ana.api.events.create({
      ...place,
      title: 'Poln sprehod',
      eventDate: dateInDays(4),
      maxAttendees: 2,
    });
    await bor.api.events.join({ id: full.id });
    await dana.api.events.join({ id: full.id, waitlist: true });
    await told(dana, 'event_seat', () => bor.api.events.leave({ id: full.id }));
    for (const type of ['event_reminder_day', 'event_reminder_hour'] as const)
      await told(cene, type, () =>
        deliverEventReminder(t.app.deps, { eventId: id, type, startsAt: event.startsAt.toISOString() }),
      );
    await ana.api.events.update({
      ...place,
      id,
      title: event.title,
      eventDate: event.eventDate,
      eventTime: '11:00',
      maxAttendees: 2,
      requiresApproval: true,
    });
    await told(cene, 'event_changed', () =>
      deliverEventChange(t.app.deps, {
        eventId: id,
        before: { ...place, city: 'Ljubljana', eventDate: event.eventDate, eventTime: '10:00' },
      }),
    );
    await told(cene, 'event_cancelled', () => ana.api.events.remove({ id }));

    const expected: Array<[User, NotificationType[]]> = [
      [
        ana,
        [
          'event_join_request',
          'event_join_request',
          'event_join_request',
          'event_reminder_day',
          'event_reminder_hour',
        ],
      ],
      [bor, ['event_approved', 'event_removed']],
      [
        cene,
        [
          'event_approved',
          'event_seat',
          'event_reminder_day',
          'event_reminder_hour',
          'event_changed',
          'event_cancelled',
        ],
      ],
      [dana, ['event_declined', 'event_seat']],
    ];
    const heardAll = () => expected.every(([who, types]) => who.heard.length >= types.length);
    for (let waited = 0; !heardAll() && waited < 5_000; waited += 50) await sleep(50);
    await sleep(200);
    for (const [who, types] of expected) {
      who.stop.abort();
      const items = who.heard as RequestItem[];
      expect(items.map((item) => item.type)).toEqual(types);
      // Each once: as many distinct notices as there are rows.
      expect(new Set(items.map((item) => item.id)).size).toBe(types.length);
    }
  });
});
