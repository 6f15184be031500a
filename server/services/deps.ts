import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { Bus } from '../realtime/bus';
import type { Storage } from '../storage/storage';
import type { Notifier } from './delivery/notify';

/** What the data services need: the database, photo storage, the change bus, the notifier and a log. */
export interface ServiceDeps {
  db: Db;
  storage: Storage;
  bus: Bus;
  notify: Notifier;
  log: FastifyBaseLogger;
}
