/** Mails go through the job queue: until none waits or runs (those retrying later aside). */
export async function mailsSent(app: { database: { execute(text: string): Promise<{ rows: unknown[] }> } }) {
  for (let i = 0; i < 500; i++) {
    const { rows } = await app.database.execute(
      `select 1 from pgboss.job where name = 'mail' and state in ('created', 'retry', 'active')
         and start_after <= now() limit 1`,
    );
    if (!rows.length) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('mails still waiting after 5 s');
}
