import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TOKEN_SCOPES } from '#shared/domain/access-tokens';
import { openApiDocument } from '../../server/openapi/document';
import { appRouter } from '../../server/routers/_app';
import { procedureAt, proceduresOf } from '../../server/trpc/internals';
import { scopeOf } from '../../server/trpc/scoped-router';

/**
 * Each procedure says what it is on itself (issue 31): the scope a personal access token needs, one line for
 * the API reference, and what it answers (zod, validated on every call, the OpenAPI document's response).
 */
describe('the facts every procedure declares', () => {
  const procedures = proceduresOf(appRouter);

  it.each(procedures.map((facts) => [facts.path, facts] as const))('%s', (_path, facts) => {
    expect([...TOKEN_SCOPES, 'session']).toContain(facts.meta.scope);
    expect(facts.meta.summary?.trim().length ?? 0).toBeGreaterThan(10);
    if (facts.meta.access === 'admin') expect(facts.meta.scope).toBe('admin');
    // Subscriptions stream over the WebSocket; tRPC validates a result, not each event of a stream.
    if (facts.type !== 'subscription') expect(facts.output).toBeInstanceOf(z.ZodType);
    // Checked with zod's compiled synchronous parse (server/trpc/answer.ts), not tRPC's parseAsync.
    if (facts.type !== 'subscription') expect(facts.outputCheck).toBe('sync');
  });

  it.each([
    ['dogs.mine', 'read'],
    ['events.list', 'read'],
    ['requests.onChange', 'read'],
    ['dogs.create', 'write'],
    ['safety.report', 'write'],
    ['chats.list', 'chat'],
    ['chats.send', 'chat'],
    ['chats.onMessage', 'chat'],
    ['events.chatSend', 'chat'],
    ['events.onChatMessage', 'chat'],
    ['admin.reports', 'admin'],
    ['announcements.create', 'admin'],
    ['auth.me', 'read'],
    // A credential or a person's own consent: a browser's session only, never a token.
    ['auth.signIn', 'session'],
    ['auth.signOut', 'session'],
    ['account.export', 'session'],
    ['account.delete', 'session'],
    ['account.acceptTerms', 'session'],
    ['tokens.create', 'session'],
    ['notifySettings.subscribePush', 'session'],
    ['events.createCalendarFeed', 'session'],
    ['events.calendarFeed', 'read'],
  ] as const)('%s needs the %s scope', (path, scope) => {
    expect(scopeOf(procedureAt(appRouter, path)!)).toBe(scope);
  });

  it("documents every operation's answer from its output schema, dates as ISO text", () => {
    const doc = openApiDocument(appRouter, 'http://localhost');
    for (const facts of procedures.filter((p) => p.type !== 'subscription')) {
      const [operation] = Object.values(
        doc.paths[`/api/v1/${facts.path}`] as Record<string, unknown>,
      ) as Array<{
        responses: { '200': { content: { 'application/json': { schema: Record<string, unknown> } } } };
      }>;
      const schema = operation!.responses['200'].content['application/json'].schema;
      expect(Object.keys(schema).length, facts.path).toBeGreaterThan(0);
    }
    const shop = doc.paths['/api/v1/shop.status'] as { get: { responses: Record<string, unknown> } };
    expect(shop.get.responses['200']).toMatchObject({
      content: {
        'application/json': {
          schema: { type: 'object', properties: { notified: { type: 'boolean' } }, required: ['notified'] },
        },
      },
    });
  });
});
