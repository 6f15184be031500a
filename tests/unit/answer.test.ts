import { describe, expect, it } from 'vitest';
import { z, ZodError } from 'zod';
import { answer, schemaOfOutput } from '../../server/trpc/answer';

const card = z.object({ id: z.string(), at: z.date(), owner: z.object({ name: z.string() }) });

describe('answer (server/trpc/answer.ts)', () => {
  it('checks an answer synchronously and sends only what the schema names', () => {
    const check = answer(z.array(card));
    const checked = check([
      { id: 'd1', at: new Date(0), owner: { name: 'Ana', email: 'a@b.si' }, secret: 'x' },
    ]);
    expect(checked).not.toBeInstanceOf(Promise);
    expect(checked).toEqual([{ id: 'd1', at: new Date(0), owner: { name: 'Ana' } }]);
  });

  it('refuses an answer its schema refuses', () => {
    expect(() => answer(card)({ id: 1, at: new Date(0), owner: { name: 'Ana' } })).toThrow(ZodError);
  });

  it('gives the schema back for the API document, and a bare schema as it is', () => {
    expect(schemaOfOutput(answer(card))).toBe(card);
    expect(schemaOfOutput(card)).toBe(card);
    expect(schemaOfOutput(undefined)).toBeUndefined();
  });
});
