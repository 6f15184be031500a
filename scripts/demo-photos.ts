// Part of `npm run build`: the demo set's photos, drawn once here instead of on a new server's first start.
import { DEMO_PHOTOS_DIR, DEMO_PORTRAITS, writeDemoPhotos } from '../server/demo/photos';

await writeDemoPhotos();
console.log(`Demo photos: ${DEMO_PORTRAITS} in ${DEMO_PHOTOS_DIR}`);
