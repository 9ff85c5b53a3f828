import {
  inputLocation,
  pathParams,
  type Endpoint,
  type EndpointOutput,
} from '@trustleaf/domain/api/endpoint';
import { ApiErrorBodySchema } from '@trustleaf/domain/errors';
import { detailOf } from '@trustleaf/domain/schemas/common';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { z } from 'zod';
import type { AuthContext } from './authz.ts';
import { AppError } from './errors.ts';

/** What a contract's handler receives: the validated input (body or query, with path parameters). */
export interface RouteContext<E extends Endpoint> {
  input: z.output<E['input']>;
  /** The caller; `null` only on public endpoints. */
  auth: E['access'] extends 'user' ? AuthContext : AuthContext | null;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** Error answers every contract documents (the body of `plugins/error-handler.ts`). */
const ERROR_RESPONSES = {
  400: ApiErrorBodySchema.describe('Invalid input (VALIDATION_FAILED)'),
  401: ApiErrorBodySchema.describe('No valid session (UNAUTHENTICATED)'),
  403: ApiErrorBodySchema.describe('Not allowed for this role (FORBIDDEN)'),
  404: ApiErrorBodySchema.describe('Not found, or not the caller’s company (NOT_FOUND)'),
} as const;

/**
 * Registers one endpoint contract on a Fastify plugin whose prefix the contract's path starts with:
 * the input schema validates the body or query (path parameters from the same schema), the output
 * schema serialises `{ detail }` and both generate the OpenAPI operation. Signed-in endpoints run the
 * session check first.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  contract: E,
  handler: (context: RouteContext<E>) => Promise<EndpointOutput<E>> | EndpointOutput<E>,
): void {
  if (!contract.path.startsWith(app.prefix)) {
    throw new Error(`${contract.path} is not under the plugin prefix ${app.prefix}`);
  }
  const url = contract.path.slice(app.prefix.length).replace(/\{([A-Za-z0-9]+)\}/g, ':$1') || '/';
  const params = pathParams(contract.path);
  const status = contract.status ?? 200;
  const location = inputLocation(contract.method);

  let inputSchema: z.ZodType = contract.input;
  let paramsSchema: z.ZodType | undefined;
  if (params.length > 0) {
    if (!(contract.input instanceof z.ZodObject)) {
      throw new Error(`${contract.path}: path parameters need an object input schema`);
    }
    const mask = Object.fromEntries(params.map((name) => [name, true as const]));
    paramsSchema = contract.input.pick(mask as never);
    inputSchema = contract.input.omit(mask as never);
  }

  const options: RouteOptions = {
    method: contract.method,
    url,
    ...(contract.access === 'user' ? { onRequest: app.authenticate } : {}),
    schema: {
      tags: [contract.tag],
      summary: contract.summary,
      ...(contract.access === 'user' ? { security: [{ bearer: [] }] } : {}),
      [location]: inputSchema,
      ...(paramsSchema ? { params: paramsSchema } : {}),
      response: { [status]: detailOf(contract.output), ...ERROR_RESPONSES },
    },
    handler: async (request, reply) => {
      const fromLocation = (location === 'body' ? request.body : request.query) as object | undefined;
      const input = { ...(fromLocation ?? {}), ...((request.params as object | undefined) ?? {}) };
      if (contract.access === 'user' && !request.auth) {
        throw new AppError('UNAUTHENTICATED', 'Your session has expired. Please sign in again.');
      }
      const detail = await handler({
        input: input as z.output<E['input']>,
        auth: request.auth as RouteContext<E>['auth'],
        request,
        reply,
      });
      return reply.code(status).send({ detail });
    },
  };
  app.route(options);
}
