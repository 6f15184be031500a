// `npm run bench`: every performance budget, measured on the built tree. Exits 1 when one is over.
import { spawnSync } from 'node:child_process';
import { benchChatDelivery } from './chat-delivery';
import { benchDogsGrid } from './dogs-grid';
import { benchEvents } from './events';
import { benchMatching } from './matching';
import { benchStartup } from './startup';
import { benchUploads } from './uploads';

const size = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bundle-size.ts'], { stdio: 'inherit' });
const startupOk = await benchStartup();
const uploadsOk = await benchUploads();
const gridOk = await benchDogsGrid();
const matchingOk = await benchMatching();
const chatOk = await benchChatDelivery();
const eventsOk = await benchEvents();
process.exit(
  size.status === 0 && startupOk && uploadsOk && gridOk && matchingOk && chatOk && eventsOk ? 0 : 1,
);
