import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { Storage } from '../storage/storage';

/** How long browsers keep to HTTPS once told (180 days, helmet's default), for pages and API answers alike. */
const HSTS_MAX_AGE = 15_552_000;

/**
 * API answers are JSON, never pages: not helmet's headers for documents (its hooks build them anew on every
 * request, a large share of a small procedure's CPU time; see bench/throughput.ts) but the ones that matter
 * for JSON (OWASP's REST list), made once. Answers hold private data: no cache keeps them.
 */
export function apiHeaders(secure: boolean): Record<string, string> {
  return {
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'x-content-type-options': 'nosniff',
    ...(secure ? { 'strict-transport-security': `max-age=${HSTS_MAX_AGE}; includeSubDomains` } : {}),
  };
}

/** Helmet's headers for pages: a CSP for the built app, HSTS behind HTTPS. */
export function helmetOptions(publicUrl: string, storage: Storage, tileOrigin: string) {
  const secure = publicUrl.startsWith('https://');
  const wsOrigin = publicUrl.replace(/^http/, 'ws');
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix and sonner position elements with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Photos from the storage's origin, the places' map tiles from theirs.
        imgSrc: ["'self'", 'data:', 'blob:', ...(storage.origin ? [storage.origin] : []), tileOrigin],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", wsOrigin],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: secure ? { maxAge: HSTS_MAX_AGE, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  } satisfies FastifyHelmetOptions;
}
