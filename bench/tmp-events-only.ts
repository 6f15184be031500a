import { openDatabase } from '../server/db/client';
import { createDatabase, startPostgres } from '../tests/helpers/postgres';
import { benchEventsSerial } from './events';
import { cleanUp, onCleanup, startServerProcess } from './lib';
import { seedDatabase } from './seed';

const pg = await startPostgres();
onCleanup(() => pg.stop());
const databaseUrl = await createDatabase(pg.url);
const a = await startServerProcess('a', { DATABASE_URL: databaseUrl });
console.log('seed s', await seedDatabase(databaseUrl));
const database = await openDatabase({ databaseUrl, dataDir: 'data' });
onCleanup(() => database.close());
console.log(JSON.stringify(await benchEventsSerial(a.url, database.db)));
const { rows } = await database.execute(
  `select count(*)::int n, count(series_id)::int s, count(distinct series_id)::int series from events`,
);
console.log(JSON.stringify(rows));
await cleanUp();
process.exit(0);
