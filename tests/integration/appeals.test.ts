import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds, failure, startTestApp, type TestApp } from '../helpers/app';
import { makeUser } from '../helpers/factories';

/** Issue 30: an appeal goes to another moderator than the one who decided, whenever there is one. */
describe.each(dbKinds())('appeals on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  async function person(name: string, role: 'user' | 'admin' = 'user') {
    const user = await makeUser(t.db, { fullName: name, role });
    return { ...user, api: await t.caller(user.token) };
  }

  /** `admin` warns `target` on a report by `reporter`; `target` appeals. Returns the appeal's id. */
  async function appealed(
    admin: Awaited<ReturnType<typeof person>>,
    target: Awaited<ReturnType<typeof person>>,
  ) {
    const reporter = await person('Prijaviteljica');
    const { id: reportId } = await reporter.api.safety.report({
      targetType: 'user',
      targetId: target.id,
      reason: 'harassment',
      goodFaith: true,
    });
    const { actionId } = await admin.api.admin.decide({
      reportId,
      action: 'warn',
      statement: 'Žaljiva sporočila (pravila, točka 3).',
    });
    await target.api.safety.appeal({ actionId, text: 'Šlo je za nesporazum.' });
    const [appeal] = (await admin.api.admin.appeals()).filter((a) => a.decision.id === actionId);
    return appeal!.id;
  }
  const answer = { reverse: false, statement: 'Odločitev ostane.' };

  it('the one moderator there is decides it again; once there is another, only the other one does', async () => {
    const first = await person('Prva Moderatorka', 'admin');
    const bor = await person('Bor');
    const alone = await appealed(first, bor);
    await expect(first.api.admin.decideAppeal({ appealId: alone, ...answer })).resolves.toEqual({ ok: true });

    const second = await person('Drugi Moderator', 'admin');
    const cene = await person('Cene');
    const appealId = await appealed(first, cene);
    expect((await failure(first.api.admin.decideAppeal({ appealId, ...answer }))).appCode).toBe(
      'APPEAL_FOR_ANOTHER_MODERATOR',
    );
    await expect(second.api.admin.decideAppeal({ appealId, ...answer })).resolves.toEqual({ ok: true });
  });
});
