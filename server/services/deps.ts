import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { Bus } from '../realtime/bus';
import type { Storage } from '../storage/storage';

/** What the data services need: the database, photo storage, the change bus and a log. */
export interface ServiceDeps {
  db: Db;
  storage: Storage;
  bus: Bus;
  log: FastifyBaseLogger;
}
