import type postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../server/db/client';
import { reserveConnection } from '../../server/db/prepared-statements';

/** A pool whose reservation settles when the test says. */
function pool() {
  let give!: (connection: postgres.ReservedSql) => void;
  const reserving = new Promise<postgres.ReservedSql>((resolve) => (give = resolve));
  return { sql: { reserve: () => reserving } as Pick<postgres.Sql, 'reserve'>, give };
}
const connection = () => {
  const released: boolean[] = [];
  return { released, reserved: { release: () => released.push(true) } as unknown as postgres.ReservedSql };
};

describe('reserveConnection (server/db/prepared-statements.ts)', () => {
  it('gives the connection the pool reserves in time', async () => {
    const { sql, give } = pool();
    const { reserved } = connection();
    setTimeout(() => give(reserved), 10);
    await expect(reserveConnection(sql, 1_000)).resolves.toBe(reserved);
  });

  it('fails a reservation postgres.js never settles as the database being unavailable (503)', async () => {
    const { sql } = pool();
    const error = await reserveConnection(sql, 50).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'CONNECT_TIMEOUT' });
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('gives a connection that comes after the timeout back to the pool', async () => {
    const { sql, give } = pool();
    const { released, reserved } = connection();
    await expect(reserveConnection(sql, 20)).rejects.toMatchObject({ code: 'CONNECT_TIMEOUT' });
    give(reserved);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(released).toEqual([true]);
  });
});
