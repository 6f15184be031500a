// `npm run admin -- grant <email>` / `revoke <email>` / `list`: manage the admin role (DECISIONS 6).
import { eq } from 'drizzle-orm';
import { openDatabase } from '../server/db/client';
import { users } from '../server/db/schema';
import { loadConfig } from '../server/env';
import { grantAdmin } from '../server/services/account/auth';

const [command, email] = process.argv.slice(2);
const usage = 'Usage: npm run admin -- grant <email> | revoke <email> | list';

async function main() {
  if (!command || (command !== 'list' && !email)) throw new Error(usage);
  const database = await openDatabase(loadConfig());
  try {
    if (command === 'grant') {
      const granted = await grantAdmin(database.db, [email!]);
      if (!granted.length) throw new Error(`No account with the e-mail ${email}. Sign up first, then grant.`);
      console.log(`${granted[0]} is now an admin.`);
    } else if (command === 'revoke') {
      const rows = await database.db
        .update(users)
        .set({ role: 'user' })
        .where(eq(users.email, email!.toLowerCase()))
        .returning();
      if (!rows.length) throw new Error(`No account with the e-mail ${email}.`);
      console.log(`${email} is no longer an admin.`);
    } else if (command === 'list') {
      const admins = await database.db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.role, 'admin'));
      console.log(admins.length ? admins.map((a) => a.email).join('\n') : 'No admins.');
    } else {
      throw new Error(usage);
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
