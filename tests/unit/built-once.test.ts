import { describe, expect, it } from 'vitest';
import { builtOnce } from '../../server/db/built-once';
import type { DbOrTx } from '../../server/db/client';

describe('builtOnce (server/db/built-once.ts)', () => {
  const [one, two] = [{}, {}] as unknown as DbOrTx[];

  it('builds a query once per database and shape, from the shape alone', () => {
    const built: unknown[] = [];
    const query = builtOnce((db: DbOrTx, shape: { sizes: number }) => {
      built.push([db === one ? 'one' : 'two', shape.sizes]);
      return { shape };
    });
    const first = query(one!, { sizes: 1 });
    expect(query(one!, { sizes: 1 })).toBe(first);
    expect(query(one!, { sizes: 2 })).not.toBe(first);
    expect(query(two!, { sizes: 1 })).not.toBe(first);
    expect(built).toEqual([
      ['one', 1],
      ['one', 2],
      ['two', 1],
    ]);
  });

  it('keeps only the shapes built last', () => {
    let builds = 0;
    const query = builtOnce((_db: DbOrTx, shape: number) => ({ shape, build: ++builds }), 2);
    query(one!, 1);
    query(one!, 2);
    query(one!, 3);
    expect(builds).toBe(3);
    // 1 went out for 3; 2 and 3 are kept.
    expect(query(one!, 3).build).toBe(3);
    expect(query(one!, 2).build).toBe(2);
    expect(query(one!, 1).build).toBe(4);
  });
});
