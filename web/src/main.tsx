/**
 * The entry: a page as the server sent it (prerendered, web/src/prerender.tsx) is on the screen first, and
 * the app starts after that (boot.tsx, with the scripts the page names for after its first paint).
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

/**
 * The scripts a prerendered page names for after its first paint (server/plugins/web.ts): the app's start,
 * the page's chunk and the catalogue, asked for together rather than each after the one that imports it.
 * Fetched, not compiled (not `modulepreload`): each is compiled when imported.
 */
function fetchNamedScripts() {
  const named = document.getElementById('after-paint')?.textContent;
  for (const href of named ? (JSON.parse(named) as string[]) : [])
    document.head.append(
      Object.assign(document.createElement('link'), { rel: 'preload', as: 'script', crossOrigin: '', href }),
    );
}

void painted().then(() => {
  fetchNamedScripts();
  return import('./boot');
});
