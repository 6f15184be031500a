import { setMaxListeners } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';
import type { TRPCError } from '@trpc/server';
import { getWSConnectionHandler } from '@trpc/server/adapters/ws';
import type { FastifyInstance } from 'fastify';
import { AppError } from '#shared/errors';
import { LIMITS } from '#shared/limits';
import { createBearerGuard } from '../auth/bearer-guard';
import { isDatabaseUnavailable } from '../db/client';
import { clientKey } from '../client-address';
import { startPresence } from '../realtime/presence';
import { guardSocket } from '../realtime/slow-sockets';
import { createSocketLimits } from '../realtime/socket-limits';
import { appRouter, type AppRouter } from '../routers/_app';
import { type AppDeps, isCrossOrigin } from '../trpc/context';
import { requestContexts } from '../trpc/request-context';
import { serveTrpcOverHttp } from '../trpc/http';
import { serveRestCalls } from '../trpc/rest';
import { openApiDocument } from '../openapi/document';
import { asTRPCError } from '../trpc/as-trpc-error';
import { isServerFault } from '../trpc/init';
import { apiHeaders } from './security-headers';

/** Calls one HTTP batch may carry; the web client batches far fewer. */
export const MAX_BATCH_SIZE = 50;

/** The tRPC API at /trpc: queries and mutations over HTTP, subscriptions over a WebSocket. */
export async function apiPlugin(scope: FastifyInstance, { deps }: { deps: AppDeps }) {
  const { config } = deps;
  const secure = config.publicUrl.startsWith('https://');
  const socketLimits = createSocketLimits();
  const bearerGuard = createBearerGuard(deps.db);
  const presence = startPresence(deps.db, socketLimits.onlineUsers, scope.log);
  scope.addHook('onClose', async () => presence.stop());
  const answerHeaders = apiHeaders(secure);
  // Not async: a hook without a promise costs less on every call.
  scope.addHook('onRequest', (req, reply, done) => {
    if (req.headers.upgrade?.toLowerCase() !== 'websocket') reply.headers(answerHeaders);
    // A browser may open the socket only from our own pages: it carries the session cookie.
    else if (isCrossOrigin(req.headers, config.publicUrl))
      return void reply.code(403).send({ error: 'CROSS_ORIGIN' });
    else if (socketLimits.clientFull(clientKey(req.ip)))
      return void reply.code(429).send({ error: 'TOO_MANY_CONNECTIONS' });
    done();
  });
  const contextFor = requestContexts(deps, bearerGuard);
  const onError = (error: TRPCError, procedure: string | undefined) => {
    if (isServerFault(error)) scope.log.error({ err: error.cause ?? error, procedure }, 'procedure failed');
    else if (isDatabaseUnavailable(error.cause)) scope.log.warn({ procedure }, 'database unavailable: 503');
  };

  serveTrpcOverHttp(scope, {
    router: appRouter,
    prefix: '/trpc',
    maxBatchSize: MAX_BATCH_SIZE,
    createContext: (req, reply) => contextFor(req.headers, req.cookies, reply, clientKey(req.ip)),
    // Browsers may only change state from our own origin (a socket's origin is checked as it opens).
    mutationRefusal: (req) =>
      isCrossOrigin(req.headers, config.publicUrl) ? asTRPCError(new AppError('CROSS_ORIGIN')) : null,
    onError,
  });
  // The same procedures as plain JSON for curl and Python (bearer tokens only), and their OpenAPI document.
  serveRestCalls(scope, {
    router: appRouter,
    createContext: (req) => contextFor(req.headers, {}, null, clientKey(req.ip), { patOnly: true }),
    onError,
  });
  let openApi: string | undefined;
  scope.get('/api/openapi.json', (_req, reply) =>
    reply
      .type('application/json')
      .send((openApi ??= JSON.stringify(openApiDocument(appRouter, config.publicUrl)))),
  );
  // The reference as a page of the web app.
  scope.get('/api/docs', (_req, reply) => reply.redirect('/razvijalci'));
  // Subscriptions (and anything else a client sends over the socket) use tRPC's WebSocket handler.
  const onConnection = getWSConnectionHandler<AppRouter>({
    wss: scope.websocketServer,
    router: appRouter,
    // Server pings off: the client pings (tRPC 11.19 answers server pings twice).
    keepAlive: { enabled: false },
    createContext: async ({ req, info }) => {
      const context = await contextFor(
        req.headers,
        scope.parseCookie(req.headers.cookie ?? ''),
        null,
        socketClients.get(req) ?? 'unknown',
        { paramToken: info.connectionParams?.token },
      );
      // tRPC aborts the connection's signal when the socket closes; each subscription listens to it.
      setMaxListeners(LIMITS.websocket.subscriptionsPerSocket + 10, info.signal);
      if (context.user) socketLimits.holdForUser(context.user.id, info.signal);
      const guard = socketGuards.get(req);
      context.socket = {
        closed: info.signal,
        subscriptions: 0,
        writable: guard ? guard.writable : async () => {},
      };
      return context;
    },
    onError: ({ error, path }) => onError(error, path),
  });
  // tRPC's handler sees the raw request; the client's address comes from Fastify's (TRUST_PROXY).
  const socketClients = new WeakMap<IncomingMessage, string>();
  const socketGuards = new WeakMap<IncomingMessage, ReturnType<typeof guardSocket>>();
  scope.get('/trpc', { websocket: true }, (socket, req) => {
    letGoOfUpgrade(socket, req.raw, (err) => scope.log.warn({ err }, 'websocket error: closed'));
    const client = clientKey(req.ip);
    const closed = new AbortController();
    socket.once('close', () => closed.abort());
    // Exact here (the upgrade check above can be passed by several sockets opening at once).
    if (!socketLimits.holdForClient(client, closed.signal)) return socket.close(1008, 'TOO_MANY_CONNECTIONS');
    // tRPC keeps the request it is given for the socket's life: only what it reads of it.
    const { url, headers } = req.raw;
    const kept = { url, headers } as IncomingMessage;
    socketClients.set(kept, client);
    socketGuards.set(kept, guardSocket(socket));
    onConnection(socket, kept);
  });
}

/**
 * Lets go of what opened the socket, which would otherwise live as long as it does (a few KB of each of
 * thousands of idle sockets): @fastify/websocket's error listener holds Fastify's request and reply, and the
 * upgrade's response stays attached to the connection. `onError` is told of the socket's errors instead, and
 * the socket is ended, as that listener did.
 */
function letGoOfUpgrade(socket: WebSocket, raw: IncomingMessage, onError: (error: Error) => void) {
  socket.removeAllListeners('error');
  socket.on('error', (error) => {
    onError(error);
    socket.terminate();
  });
  // Node's private field (the connection's current response), which is what `detachSocket` undoes.
  const connection = raw.socket as Socket & { _httpMessage?: ServerResponse | null };
  connection._httpMessage?.detachSocket(connection);
}
