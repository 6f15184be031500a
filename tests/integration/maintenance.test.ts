import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTokens, sessions, signInFailures } from '../../server/db/schema';
import { purgeExpired } from '../../server/services/maintenance';
import { dbKinds, startTestApp, type TestApp } from '../helpers/app';

describe.each(dbKinds())('maintenance on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('purges expired sessions, spent tokens and old failed sign-ins, and keeps live ones', async () => {
    const { token } = await t.signedInUser('live@example.com'); // one live session, one used confirm token
    await (
      await t.caller()
    ).auth.signUp({ fullName: 'Pending', email: 'pending@example.com', password: 'psi-so-super' });
    const [user] = await t.db.select().from(sessions);
    const hourAgo = new Date(Date.now() - 3_600_000);
    await t.db.insert(sessions).values({ id: 'expired', userId: user!.userId, expiresAt: hourAgo });
    await t.db
      .insert(signInFailures)
      .values([{ email: 'x@example.com', createdAt: hourAgo }, { email: 'x@example.com' }]);

    expect(await purgeExpired(t.db)).toEqual({ sessions: 1, emailTokens: 1, signInFailures: 1 });
    expect(await (await t.caller(token)).auth.me()).toMatchObject({ email: 'live@example.com' });
    expect(await t.db.select().from(emailTokens)).toHaveLength(1); // the pending confirmation
    expect(await t.db.select().from(signInFailures)).toHaveLength(1);
  });
});
