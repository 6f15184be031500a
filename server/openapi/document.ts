import type { AnyRouter } from '@trpc/server';
import { z } from 'zod';
import { APP_ERROR_CODES } from '#shared/errors';
import { LIMITS } from '#shared/limits';
import { aliasesOf, procedureAt, type ProcedureFacts, proceduresOf } from '../trpc/internals';
import { accessOf, scopeOf } from '../trpc/scoped-router';

/** Where the plain-JSON calls answer: `GET /api/v1/dogs.mine`, `POST /api/v1/dogs.create`. */
export const REST_PREFIX = '/api/v1';

type JsonSchema = Record<string, unknown>;

/** A query or mutation as the REST surface serves it, read from the router. */
export interface RestOperation {
  path: string;
  type: 'query' | 'mutation';
  facts: ProcedureFacts;
  /** The input's JSON Schema (draft 2020-12, what the zod schema accepts), or null for no input. */
  input: JsonSchema | null;
  /** Whether the call may leave the input out. */
  inputOptional: boolean;
  /** For an old path (server/routers/_app.ts), the current one. */
  aliasOf?: string;
}

/**
 * A zod schema as JSON Schema, as the REST surface carries it: dates are ISO 8601 text (Date#toJSON), and
 * what JSON Schema cannot say is left open rather than refused.
 */
function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    override({ zodSchema, jsonSchema }) {
      if (zodSchema._zod.def.type === 'date')
        Object.assign(jsonSchema, { type: 'string', format: 'date-time' });
    },
  });
  return rest;
}

/** Every query and mutation of the router, then their old paths (subscriptions need the WebSocket: src/client.ts). */
export function restOperations(router: AnyRouter): RestOperation[] {
  const operation = (facts: ProcedureFacts, aliasOf?: string): RestOperation[] =>
    facts.type === 'subscription'
      ? []
      : [
          {
            path: facts.path,
            type: facts.type,
            facts,
            input: facts.input ? jsonSchemaOf(facts.input, 'input') : null,
            inputOptional: !facts.input || facts.input.safeParse(undefined).success,
            ...(aliasOf && { aliasOf }),
          },
        ];
  return [
    ...proceduresOf(router).flatMap((facts) => operation(facts)),
    ...aliasesOf(router).flatMap(([alias, target]) => operation(procedureAt(router, alias)!, target)),
  ];
}

const ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'httpStatus'],
      properties: {
        code: { type: 'string', enum: [...APP_ERROR_CODES], description: 'Stable error code.' },
        httpStatus: { type: 'integer' },
        meta: {
          type: 'object',
          additionalProperties: { type: ['string', 'number'] },
          description: 'Details of some codes, e.g. `scope` of MISSING_SCOPE, `retryAfter` (seconds).',
        },
        fieldErrors: {
          type: 'object',
          additionalProperties: { type: 'array', items: { type: 'string' } },
          description: 'For VALIDATION: input field → message keys.',
        },
      },
    },
  },
};

const DESCRIPTION = `Every query and mutation of Tačke as plain JSON over HTTP: queries are \`GET\` with their input as
query parameters, mutations are \`POST\` with a JSON body. Answers are the procedure's result as JSON (dates as
ISO 8601 strings); failures are \`{ "error": { "code", "httpStatus", "meta"?, "fieldErrors"? } }\` with the
matching HTTP status.

**Authentication**: \`Authorization: Bearer <token>\` with a personal access token (\`tacke_pat_…\`, made in
Profile → Settings → Access tokens). A token may call an operation only with the scope the operation names
(\`x-tacke-scope\`): \`read\` (queries), \`write\` (mutations), \`chat\` (the chats operations), \`admin\` (admin
operations, admins only). Operations marked \`session\` (sign-in, account export and deletion, token
management, push devices) refuse tokens. A token makes at most ${LIMITS.accessToken.callsPerMinute} calls a
minute (429 \`TOKEN_RATE_LIMIT\` with \`Retry-After\`). Live updates (subscriptions) need the WebSocket and the
typed TypeScript client.`;

/** The OpenAPI 3.1 document of the REST surface, made from the router (paths, inputs, outputs, scopes). */
export function openApiDocument(router: AnyRouter, publicUrl: string) {
  const paths: Record<string, unknown> = {};
  for (const op of restOperations(router)) {
    const access = accessOf(op.facts);
    const scope = scopeOf(op.facts);
    const bearer =
      scope === 'session' ? [{ sessionToken: [] }] : [{ accessToken: [scope] }, { sessionToken: [] }];
    const operation: Record<string, unknown> = {
      operationId: op.path,
      tags: [op.path.slice(0, op.path.indexOf('.'))],
      summary: op.aliasOf
        ? `Former name of ${op.aliasOf}: ${op.facts.meta.summary}`
        : (op.facts.meta.summary ?? op.path),
      ...(op.aliasOf && { deprecated: true }),
      'x-tacke-scope': scope,
      'x-tacke-access': access,
      // Public operations also answer without a token.
      security: access === 'public' ? [{}, ...bearer] : bearer,
      responses: {
        '200': {
          description: 'The result, as JSON.',
          content: {
            'application/json': { schema: op.facts.output ? jsonSchemaOf(op.facts.output, 'output') : {} },
          },
        },
        default: {
          description: 'A refusal or failure.',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
    };
    if (op.input && op.type === 'query') {
      const properties = (op.input.properties ?? {}) as Record<string, JsonSchema>;
      const required = op.inputOptional ? [] : ((op.input.required ?? []) as string[]);
      operation.parameters = Object.entries(properties).map(([name, schema]) => ({
        name,
        in: 'query',
        required: required.includes(name),
        schema,
      }));
    } else if (op.input) {
      operation.requestBody = {
        required: !op.inputOptional,
        content: { 'application/json': { schema: op.input } },
      };
    }
    paths[`${REST_PREFIX}/${op.path}`] = { [op.type === 'query' ? 'get' : 'post']: operation };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Tačke API', version: '1', description: DESCRIPTION },
    servers: [{ url: publicUrl }],
    paths,
    components: {
      securitySchemes: {
        accessToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'tacke_pat_…',
          description: 'A personal access token; its scopes bound what it may call.',
        },
        sessionToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'A session token from auth.signIn with `returnToken: true` (every operation).',
        },
      },
      schemas: { Error: ERROR_SCHEMA },
    },
  };
}
