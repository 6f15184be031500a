// A reference for bench/throughput.ts: stock tRPC-on-Fastify (the adapter with a one-procedure router, no
// transformer, no other plugins), so the report shows what the adapter alone costs on this machine.
import { initTRPC } from '@trpc/server';
import { fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify from 'fastify';

const t = initTRPC.create();
const router = t.router({ hello: t.procedure.query(() => ({ hello: 'world' })) });
const app = Fastify({ logger: false });
await app.register(fastifyTRPCPlugin, { prefix: '/trpc', trpcOptions: { router } });
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
