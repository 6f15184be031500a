import { describe, expect, it } from 'vitest';
import { NOTIFY_TOPICS, quietUntil, topicOfNotice } from '#shared/domain/notify';
import { parsePushPayload } from '#shared/domain/push-payload';
import { NOTIFICATION_TYPES } from '#shared/domain/requests';
import { notifyPreferencesSchema, pushSubscriptionSchema } from '#shared/schemas/notifications';

describe('quiet hours', () => {
  const at = (iso: string) => new Date(iso);
  it('hold within hours that span midnight, in the user’s time zone, until their end', () => {
    const quiet = { from: '22:00', to: '07:00', timeZone: 'Europe/Ljubljana' };
    // 23:30 in Ljubljana (CET, UTC+1) on a winter night: quiet until 07:00 local = 06:00 UTC.
    expect(quietUntil(at('2026-11-24T22:30:00Z'), quiet)).toEqual(at('2026-11-25T06:00:00Z'));
    // 06:59 local: one minute left.
    expect(quietUntil(at('2026-11-25T05:59:30Z'), quiet)).toEqual(at('2026-11-25T06:00:00Z'));
    // 07:00 and 21:59 local: not quiet.
    expect(quietUntil(at('2026-11-25T06:00:00Z'), quiet)).toBeNull();
    expect(quietUntil(at('2026-11-25T20:59:00Z'), quiet)).toBeNull();
  });

  it('hold within hours inside one day; none when there are none or they are empty', () => {
    const quiet = { from: '13:00', to: '15:00', timeZone: 'UTC' };
    expect(quietUntil(at('2026-06-01T14:00:00Z'), quiet)).toEqual(at('2026-06-01T15:00:00Z'));
    expect(quietUntil(at('2026-06-01T15:00:00Z'), quiet)).toBeNull();
    expect(quietUntil(at('2026-06-01T12:59:00Z'), quiet)).toBeNull();
    expect(quietUntil(at('2026-06-01T14:00:00Z'), null)).toBeNull();
    expect(quietUntil(at('2026-06-01T14:00:00Z'), { ...quiet, to: '13:00' })).toBeNull();
  });

  it('follow summer time: 22:00 in Ljubljana is 20:00 UTC in July', () => {
    const quiet = { from: '22:00', to: '06:00', timeZone: 'Europe/Ljubljana' };
    expect(quietUntil(at('2026-07-01T19:59:00Z'), quiet)).toBeNull();
    expect(quietUntil(at('2026-07-01T20:00:00Z'), quiet)).toEqual(at('2026-07-02T04:00:00Z'));
  });
});

describe('notice topics', () => {
  it('sends requests, matches, event notices and sightings of a lost dog away from the app, moderation only by its own e-mail, and suggestions’ outcomes not at all', () => {
    const topics = Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, topicOfNotice(type)]));
    expect(topics).toEqual({
      request: 'requests',
      acceptance_feedback: 'matches',
      rejection_feedback: null,
      event_cancelled: 'events',
      event_changed: 'events',
      match: 'matches',
      moderation: null,
      report_decision: null,
      event_reminder_day: 'events',
      event_reminder_hour: 'events',
      event_seat: 'events',
      event_approved: 'events',
      event_declined: 'events',
      event_removed: 'events',
      event_join_request: 'events',
      lost_sighting: 'lostDogs',
      suggestion_applied: null,
      suggestion_rejected: null,
    });
  });
});

describe('notification schemas', () => {
  const channels = Object.fromEntries(NOTIFY_TOPICS.map((t) => [t, 'push']));
  const messages = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
    result.error?.issues.map((issue) => issue.message) ?? [];

  it('take a channel per topic, quiet hours as HH:MM with two different ends, and a real time zone', () => {
    const ok = { channels, quietHours: { from: '22:00', to: '07:00' }, timeZone: 'Europe/Ljubljana' };
    expect(notifyPreferencesSchema.safeParse(ok).success).toBe(true);
    expect(notifyPreferencesSchema.safeParse({ ...ok, quietHours: null }).success).toBe(true);
    expect(
      messages(notifyPreferencesSchema.safeParse({ ...ok, quietHours: { from: '22:00', to: '22:00' } })),
    ).toEqual(['validation.quietHoursEmpty']);
    expect(
      messages(notifyPreferencesSchema.safeParse({ ...ok, quietHours: { from: '24:00', to: '7:00' } })),
    ).toEqual(['validation.timeInvalid', 'validation.timeInvalid']);
    expect(messages(notifyPreferencesSchema.safeParse({ ...ok, timeZone: 'Mars/Olympus' }))).toEqual([
      'validation.timeZoneInvalid',
    ]);
    expect(
      messages(notifyPreferencesSchema.safeParse({ ...ok, channels: { ...channels, messages: 'sms' } })),
    ).toEqual(['validation.notifyChannelInvalid']);
    expect(notifyPreferencesSchema.safeParse({ ...ok, channels: { requests: 'push' } }).success).toBe(false);
  });

  it('take a push subscription only with an https endpoint and base64url keys', () => {
    const ok = {
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      keys: { p256dh: 'BNcR-d_x', auth: 'tBHI' },
    };
    expect(pushSubscriptionSchema.safeParse(ok).success).toBe(true);
    expect(pushSubscriptionSchema.safeParse({ ...ok, endpoint: 'http://push.example/abc' }).success).toBe(
      false,
    );
    expect(pushSubscriptionSchema.safeParse({ ...ok, endpoint: 'javascript:alert(1)' }).success).toBe(false);
    expect(pushSubscriptionSchema.safeParse({ ...ok, keys: { ...ok.keys, auth: 'a b' } }).success).toBe(
      false,
    );
  });
});

describe('push payload (the service worker reads what the server sends)', () => {
  it('takes the server’s payload as it is', () => {
    const payload = {
      title: 'Nova zahteva za Piki',
      body: 'Od Bor (Max)',
      url: '/klepet?chat=7',
      tag: 'chat:7',
    };
    expect(parsePushPayload(JSON.stringify(payload))).toEqual(payload);
  });

  it('shows nothing for what is not ours, and never leads off the app', () => {
    expect(parsePushPayload(undefined)).toBeNull();
    expect(parsePushPayload('not json')).toBeNull();
    expect(parsePushPayload('null')).toBeNull();
    expect(parsePushPayload(JSON.stringify({ body: 'no title', url: '/' }))).toBeNull();
    expect(parsePushPayload(JSON.stringify({ title: 'T', url: '//evil.example/x' }))?.url).toBe('/');
    expect(parsePushPayload(JSON.stringify({ title: 'T', url: 'https://evil.example/' }))).toEqual({
      title: 'T',
      body: '',
      url: '/',
      tag: '',
    });
  });
});
