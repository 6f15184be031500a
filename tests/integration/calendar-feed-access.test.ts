import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFeed } from '../../server/services/events/calendar';
import { dbKinds, startTestApp, type TestApp } from '../helpers/app';
import { makeUser } from '../helpers/factories';

/**
 * Issue 28: the private calendar feed's address is a secret like a session: whatever ends the account's
 * sessions and tokens ends it too, and a deleted account's feed answers nothing.
 */
describe.each(dbKinds())('the private calendar feed on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  const status = async (url: string) =>
    (await t.app.inject({ method: 'GET', url: new URL(url).pathname })).statusCode;
  const feedOf = (userId: string) => createFeed(t.db, userId, t.config.publicUrl);

  it('ends with a password reset, a suspension, a ban and the deletion of the account', async () => {
    const ana = await makeUser(t.db, { fullName: 'Ana Koledar' });
    const admin = await makeUser(t.db, { fullName: 'Moderatorka', role: 'admin' });
    const [anaApi, adminApi, reporter] = [
      await t.caller(ana.token),
      await t.caller(admin.token),
      await t.caller((await makeUser(t.db)).token),
    ];

    const feed = await anaApi.events.createCalendarFeed();
    expect(await status(feed.url)).toBe(200);
    const anon = await t.caller(null, undefined, '10.40.0.1');
    await anon.auth.requestPasswordReset({ email: ana.email });
    await anon.auth.resetPassword({ token: await t.lastMailToken(), password: 'novo-geslo-za-ano' });
    expect(await status(feed.url)).toBe(404);

    const decide = async (action: 'suspend' | 'ban') => {
      const { id: reportId } = await reporter.safety.report({
        targetType: 'user',
        targetId: ana.id,
        reason: 'harassment',
        goodFaith: true,
      });
      const statement = 'Žaljiva sporočila drugim uporabnikom (pravila, točka 3).';
      await adminApi.admin.decide({
        reportId,
        action,
        statement,
        ...(action === 'suspend' ? { suspendDays: 7 } : {}),
      });
    };
    const beforeSuspension = await feedOf(ana.id);
    expect(await status(beforeSuspension.url)).toBe(200);
    await decide('suspend');
    expect(await status(beforeSuspension.url)).toBe(404);

    const beforeBan = await feedOf(ana.id);
    await decide('ban');
    expect(await status(beforeBan.url)).toBe(404);

    const bor = await makeUser(t.db, { fullName: 'Bor Koledar' });
    const borFeed = await feedOf(bor.id);
    expect(await status(borFeed.url)).toBe(200);
    await (await t.caller(bor.token)).account.delete();
    expect(await status(borFeed.url)).toBe(404);
  });
});
