import path from 'node:path';
import { z } from 'zod';
import { ROOT } from './paths';

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
  /** Built web app to serve; unset: web/dist beside the server. */
  WEB_DIST: z.string().optional(),
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
  webDist: string;
}

/** Parse the environment; throws one readable message listing every bad setting. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(cleaned);
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
    webDist: path.resolve(e.WEB_DIST ?? path.join(ROOT, 'web', 'dist')),
  };
}
