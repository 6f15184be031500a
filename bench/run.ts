// `npm run bench`: every performance budget, measured on the built tree. Exits 1 when one is over.
import { spawnSync } from 'node:child_process';
import { benchStartup } from './startup';

const size = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bundle-size.ts'], { stdio: 'inherit' });
const startupOk = await benchStartup();
process.exit(size.status === 0 && startupOk ? 0 : 1);
