// Part of `npm run build`: the migrated PGlite template new embedded databases start from.
import { MIGRATIONS } from '../server/db/client';
import { writeTemplate } from '../server/db/pglite-template';

console.log(`PGlite template: ${await writeTemplate(MIGRATIONS)}`);
