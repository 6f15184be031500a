import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { transformer } from '../../server/trpc/transformer';

/** What the web client gets: the answer as JSON text, read by superjson. */
const received = (serialized: unknown) =>
  superjson.deserialize(
    JSON.parse(JSON.stringify(serialized)) as Parameters<typeof superjson.deserialize>[0],
  );

const at = new Date('2026-11-27T08:30:00.123Z');
const card = (i: number) => ({
  id: `dog-${i}`,
  name: 'Aro',
  weight: 21.5,
  vaccinated: true,
  neutered: null,
  traits: ['miren', 'igriv'],
  photos: [{ key: `k${i}`, thumb: '/t.webp' }],
  createdAt: at,
  owner: { fullName: 'Ana Kovač', seenAt: new Date(at.getTime() + i) },
});

/** Plain answers, with dates in every position superjson names a path for. */
const plainAnswers: unknown[] = [
  null,
  'besedilo',
  0,
  -12.5,
  true,
  [],
  {},
  Array.from({ length: 20 }, (_, i) => card(i)),
  { list: [[at, { at }], []], 'a.b': { 'c\\d': at }, nested: { deeper: { deepest: [null, at] } } },
  Object.assign(Object.create(null) as object, { at }),
];

/** Answers only superjson can carry. */
const otherAnswers: unknown[] = [
  at,
  undefined,
  { missing: undefined },
  [1, undefined],
  // A hole in an array.
  Object.assign(new Array<number>(3), { 0: 1, 2: 3 }),
  { n: NaN, inf: -Infinity, zero: -0 },
  { big: 10n },
  { set: new Set([1, 2]), map: new Map([['a', at]]) },
  { pattern: /pes/i, url: new URL('https://example.com/') },
  { invalid: new Date(Number.NaN) },
  { error: new Error('napaka') },
];

describe('the router’s transformer (superjson’s format, faster for plain answers)', () => {
  it.each(plainAnswers.map((answer, i) => [i, answer]))(
    'plain answer %i: the client reads exactly what superjson would give it',
    (_i, answer) => {
      const ours = transformer.serialize(answer);
      const theirs = superjson.serialize(answer);
      expect(JSON.stringify(ours.json)).toBe(JSON.stringify(theirs.json));
      expect(ours.meta?.values).toEqual(theirs.meta?.values);
      expect(received(ours)).toEqual(received(theirs));
      expect(received(ours)).toEqual(answer);
    },
  );

  it('sends a plain answer as it is: no copy, no walk of superjson’s', () => {
    const answer = Array.from({ length: 20 }, (_, i) => card(i));
    const serialized = transformer.serialize(answer);
    expect(serialized.json).toBe(answer);
    const dates = serialized.meta!.values as Record<string, unknown>;
    expect(Object.keys(dates)).toHaveLength(40);
    expect(dates['3.owner.seenAt']).toEqual(['Date']);
  });

  it.each(otherAnswers.map((answer, i) => [i, answer]))(
    'answer %i, which JSON alone cannot carry, goes to superjson whole',
    (_i, answer) => {
      expect(transformer.serialize(answer)).toEqual(superjson.serialize(answer));
      expect(received(transformer.serialize(answer))).toEqual(received(superjson.serialize(answer)));
    },
  );

  it('an object that appears twice arrives as two equal copies', () => {
    const photo = { key: 'k', thumb: '/t.webp' };
    const answer = { dog: { photo }, owner: { photo } };
    const got = received(transformer.serialize(answer)) as typeof answer;
    expect(got).toEqual(answer);
  });

  it('a cycle is left to superjson', () => {
    const cyclic: Record<string, unknown> = { name: 'Aro' };
    cyclic.self = cyclic;
    expect(transformer.serialize(cyclic)).toEqual(superjson.serialize(cyclic));
  });

  it('reads inputs as superjson does', () => {
    const input = superjson.serialize({ at, tags: new Set(['a']) });
    expect(transformer.deserialize(input)).toEqual({ at, tags: new Set(['a']) });
  });
});
