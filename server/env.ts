import path from 'node:path';
import { z } from 'zod';
import { ROOT } from './paths';
import { BROWSER_PUSH_SERVICES, type PushServices } from './push/push-services';
import type { S3Options } from './storage/s3-storage';

const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const emailList = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
  );

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  /** Unset: embedded PGlite under DATA_DIR. `memory://`: in-memory PGlite. `postgres://…`: PostgreSQL. */
  DATABASE_URL: z
    .string()
    .refine(
      (url) => url === 'memory://' || /^postgres(ql)?:\/\//.test(url),
      'must be memory:// or postgres://…',
    )
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().min(3).default('Tačke <no-reply@tacke.local>'),
  ADMIN_EMAILS: emailList,
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  /**
   * Which proxies' X-Forwarded-For to believe for the client's address (the key of per-client limits):
   * `false` (none: the peer is the client), `true` (any), a hop count, or addresses/CIDRs, comma-separated.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value): boolean | number | string[] => {
      if (value === 'true' || value === 'false') return value === 'true';
      if (/^\d+$/.test(value)) return Number(value);
      return value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
    }),
  /** Built web app to serve; unset: web/dist beside the server. */
  WEB_DIST: z.string().optional(),
  /** Set: photos go to this S3-compatible server (host name only) instead of DATA_DIR/uploads. */
  S3_ENDPOINT: z.string().min(1).optional(),
  S3_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  S3_USE_SSL: z.enum(['true', 'false']).default('true'),
  S3_ACCESS_KEY: z.string().min(1).optional(),
  S3_SECRET_KEY: z.string().min(1).optional(),
  S3_BUCKET: z.string().min(3).default('photos'),
  S3_PUBLIC_URL: z.url().optional(),
  /** The support popup's payment link (DECISIONS 14); unset: no payment button. */
  DONATION_URL: z.url().optional(),
  /** The embedded default seeds the demo set on first start (DECISIONS 12); `false` turns it off. */
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  /** Web Push (VAPID) keys, base64url; unset: made on first start and kept in the database. Both or neither. */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{80,100}$/, 'a base64url P-256 public key')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{40,50}$/, 'a base64url P-256 private key')
    .optional(),
  /** Who push services may contact about our pushes: a mailto: or https: URL; default from MAIL_FROM. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'a mailto: or https: URL')
    .optional(),
  /** Push services pushes may go to: host names, comma-separated, each with its subdomains. */
  PUSH_SERVICES: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^[a-z0-9.:-]+$/, 'host names, comma-separated')).min(1))
    .default([...BROWSER_PUSH_SERVICES]),
  /** `true`: push services on loopback or private addresses, and plain http (one's own; the tests). */
  PUSH_ALLOW_PRIVATE: z.enum(['true', 'false']).default('false'),
  /** How often an idle job worker polls the queue, in seconds. */
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  /** `false`: this instance only queues jobs (pushes, e-mails) and others deliver them. */
  JOB_WORKERS: z.enum(['true', 'false']).default('true'),
  /**
   * The dog places' map tiles: an http(s) address with {z}, {x} and {y} (and {s} for a server's subdomains
   * a, b, c). OpenStreetMap's own tiles by default, within their usage policy (README: Map tiles).
   */
  MAP_TILE_URL: z
    .url({ protocol: /^https?$/ })
    .refine(
      (url) => ['{z}', '{x}', '{y}'].every((part) => url.includes(part)),
      'must contain {z}, {x} and {y}',
    )
    .default(DEFAULT_MAP_TILE_URL),
});

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl: string | undefined;
  dataDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  adminEmails: string[];
  logLevel: (typeof LOG_LEVELS)[number];
  trustProxy: boolean | number | string[];
  webDist: string;
  s3: S3Options | undefined;
  donationUrl: string | null;
  seedDemo: boolean;
  vapid: { publicKey: string; privateKey: string } | undefined;
  vapidSubject: string;
  pushServices: PushServices;
  jobPollSeconds: number;
  jobWorkers: boolean;
  /** The map's tile address template, and the origin the page's CSP lets images come from. */
  mapTiles: { url: string; origin: string };
}

/** Parse the environment; throws one readable message listing every bad setting. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema
    .refine((e) => !e.S3_ENDPOINT || (e.S3_ACCESS_KEY && e.S3_SECRET_KEY), {
      message: 'S3_ACCESS_KEY and S3_SECRET_KEY are required with S3_ENDPOINT',
      path: ['S3_ENDPOINT'],
    })
    .refine((e) => !e.VAPID_PUBLIC_KEY === !e.VAPID_PRIVATE_KEY, {
      message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together',
      path: ['VAPID_PUBLIC_KEY'],
    })
    .safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    databaseUrl: e.DATABASE_URL,
    dataDir,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    adminEmails: e.ADMIN_EMAILS,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    webDist: path.resolve(e.WEB_DIST ?? path.join(ROOT, 'web', 'dist')),
    s3: e.S3_ENDPOINT
      ? {
          endPoint: e.S3_ENDPOINT,
          port: e.S3_PORT,
          useSSL: e.S3_USE_SSL === 'true',
          accessKey: e.S3_ACCESS_KEY ?? '',
          secretKey: e.S3_SECRET_KEY ?? '',
          bucket: e.S3_BUCKET,
          publicUrl: e.S3_PUBLIC_URL,
        }
      : undefined,
    donationUrl: e.DONATION_URL ?? null,
    seedDemo: e.SEED_DEMO === 'true',
    vapid:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : undefined,
    vapidSubject: e.VAPID_SUBJECT ?? `mailto:${/<([^>]+)>/.exec(e.MAIL_FROM)?.[1] ?? e.MAIL_FROM}`,
    pushServices: { hosts: e.PUSH_SERVICES, allowPrivate: e.PUSH_ALLOW_PRIVATE === 'true' },
    jobPollSeconds: e.JOB_POLL_SECONDS,
    jobWorkers: e.JOB_WORKERS === 'true',
    mapTiles: { url: e.MAP_TILE_URL, origin: tileOrigin(e.MAP_TILE_URL) },
  };
}

/** The origin of a tile address template; `{s}.host` (the server's subdomains) as `*.host`. */
export function tileOrigin(template: string): string {
  const url = new URL(template.replaceAll(/\{[sxyz]\}/g, (part) => (part === '{s}' ? 'subdomain' : '0')));
  return template.includes('{s}.')
    ? `${url.protocol}//*.${url.host.replace(/^subdomain\./, '')}`
    : url.origin;
}
