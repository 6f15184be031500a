import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { dbKinds, startTestApp, type TestApp } from '../helpers/app';
import { makeUser } from '../helpers/factories';

/** Issue 30: deleting an account is confirmed by e-mail, in the owner's language. */
describe.each(dbKinds())('the deleted account’s e-mail on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('tells the former address that the account and its data are gone, in the owner’s language', async () => {
    const ana = await makeUser(t.db, { fullName: 'Ana Odhaja' });
    await t.db.update(users).set({ locale: 'de' }).where(eq(users.id, ana.id));
    await (await t.caller(ana.token)).account.delete();
    await t.settled();
    const mail = t.mails.findLast((m) => m.to === ana.email);
    expect(mail?.subject).toBe('Dein Tačke-Konto wurde gelöscht');
    expect(mail?.text).toContain('endgültig gelöscht');
    expect(await t.db.select().from(users).where(eq(users.id, ana.id))).toEqual([]);
  });
});
