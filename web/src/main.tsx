/**
 * The entry: a page as the server sent it (prerendered, web/src/prerender.tsx) is on the screen first, and
 * the app starts after that (boot.tsx, fetched meanwhile: the page's HTML preloads it, server/plugins/web.ts).
 * Evaluating the app's modules and hydrating is a long task on a slow phone, and a paint would wait for it.
 */
import './styles.css';
import { listenToWorker } from './app/worker-navigation';

listenToWorker();

function painted(): Promise<void> {
  const prerendered = Boolean(document.getElementById('root')?.dataset.prerendered);
  if (!prerendered || !PerformanceObserver.supportedEntryTypes.includes('paint')) return Promise.resolve();
  return new Promise((resolve) => {
    new PerformanceObserver((entries, observer) => {
      if (!entries.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      resolve();
    }).observe({ type: 'paint', buffered: true });
    // A tab opened in the background paints nothing until it is shown: it starts anyway.
    setTimeout(resolve, 300);
  });
}

void painted().then(() => import('./boot'));
