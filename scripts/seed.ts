// `npm run seed`: the demo set (DECISIONS 12) in the configured database; nothing happens when it is there.
import { buildApp } from '../server/app';
import { openDatabase } from '../server/db/client';
import { seedDemo } from '../server/demo/seed';
import { loadConfig } from '../server/env';

const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
const database = await openDatabase(config);
const app = await buildApp({ config, database });
try {
  await app.startBackground();
  const dogs = await seedDemo(app.deps);
  console.log(dogs ? `Demo data seeded: ${dogs} dogs.` : 'Demo data is already there.');
} finally {
  await app.close();
  await database.close();
}
