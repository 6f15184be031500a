import type { BrowserContext, Page, Request } from 'playwright-core';

/**
 * What a failed browser test leaves behind, printed with its failure: each page's state when its context
 * closed (address, hydrated or not, the start of its main region) and the requests it was still waiting for.
 * A test that waits in vain for text says only that the text never came; this says why.
 */
const notes: string[] = [];

function watchRequests(page: Page) {
  const pending = new Map<string, number>();
  page.on('request', (request) => pending.set(request.url(), Date.now()));
  const done = (request: Request) => pending.delete(request.url());
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  page.on('pageerror', (error) => notes.push(`${page.url()}: uncaught ${error.message}`));
  return pending;
}

export function recordPages(context: BrowserContext) {
  const pages = new Map<Page, Map<string, number>>();
  context.on('page', (page) => pages.set(page, watchRequests(page)));
  const close = context.close.bind(context);
  context.close = async (...args) => {
    for (const [page, pending] of pages) {
      if (page.isClosed()) continue;
      const state = await page
        .evaluate(() => ({
          hydrated: !document.querySelector('#root fieldset[disabled]'),
          main: document.querySelector('main')?.innerText.replace(/\s+/g, ' ').slice(0, 200),
        }))
        .catch((error: unknown) => String(error));
      notes.push(`${page.url()}: ${JSON.stringify(state)}`);
      for (const [url, at] of pending) notes.push(`  still waiting ${Date.now() - at} ms for ${url}`);
    }
    return close(...args);
  };
}

/** After each test: the notes of a failed one on stderr, then a clean slate. */
export function reportPages(failed: boolean) {
  if (failed && notes.length) console.error(`Pages at the end of the test:\n${notes.join('\n')}`);
  notes.length = 0;
}
