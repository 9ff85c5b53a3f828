import { AUTH_REFUSALS } from '@trustleaf/domain/refusals';
import {
  inputLocation,
  pathParams,
  type Endpoint,
  type EndpointOutput,
} from '@trustleaf/domain/api/endpoint';
import { ApiErrorBodySchema, type ErrorCode } from '@trustleaf/domain/errors';
import { detailOf } from '@trustleaf/domain/schemas/common';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { z } from 'zod';
import { passGate, type AuthContext, type CallerGate } from './authz.ts';
import { refusal, STATUS_BY_CODE } from './errors.ts';

/**
 * What a handler answers: the contract's output (sent as `{ detail }`), or, for a file contract, the
 * reply it has sent itself with the file and its headers.
 */
export type RouteResult<E extends Endpoint> = E extends { file: object } ? FastifyReply : EndpointOutput<E>;

/** What a contract's handler receives: the validated input (body or query, with path parameters). */
export interface RouteContext<E extends Endpoint> {
  input: z.output<E['input']>;
  /** The caller; `null` only on public endpoints. */
  auth: E['access'] extends 'user' ? AuthContext : AuthContext | null;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** What each error code means to a caller, for the API reference. */
const ERROR_MEANINGS: Record<ErrorCode, string> = {
  VALIDATION_FAILED: 'the input is invalid (details name the fields)',
  UNAUTHENTICATED: 'no valid session',
  FORBIDDEN: 'not allowed for this role',
  NOT_FOUND: 'not found, or not the caller’s company',
  CONFLICT: 'conflicts with the current state (already done, or done at the same moment)',
  PAYLOAD_TOO_LARGE: 'the upload is larger than allowed',
  PLAN_LIMIT_REACHED: 'the company’s plan does not include this (details carry the upgrade reason)',
  RATE_LIMITED: 'too many attempts; retry after the time the message gives',
  PAYMENT_FAILED: 'the card was declined',
  INVALID_PROMO_CODE: 'the promo code is not valid',
  MAX_USAGE_PROMO_CODE: 'the promo code has been used up',
  UNAVAILABLE: 'the server cannot answer this now (a search too costly to run); retry later or narrow it',
  INTERNAL: 'an unexpected failure (the request id identifies it in the logs)',
};

/**
 * The error responses of an operation, one per status with the codes it may carry (the body of
 * `plugins/error-handler.ts`): the common ones, then the contract's own.
 */
export function errorResponses(
  access: Endpoint['access'],
  extra: readonly ErrorCode[] = [],
): Record<number, z.ZodType> {
  const codes: ErrorCode[] = [
    'VALIDATION_FAILED',
    ...(access === 'user' ? (['UNAUTHENTICATED'] as const) : []),
    'FORBIDDEN',
    'NOT_FOUND',
    ...extra,
  ];
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes)) {
    const status = STATUS_BY_CODE[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, list]) => [
      status,
      ApiErrorBodySchema.describe(list.map((code) => `${code}: ${ERROR_MEANINGS[code]}`).join('; ')),
    ]),
  );
}

/**
 * The documentation of a route that cannot be a contract (a file stream, a multipart upload, a check
 * of its own): the same tag, summary, description, security and error responses a contract gets.
 */
export function documented(doc: Pick<Endpoint, 'tag' | 'summary' | 'description' | 'access' | 'errors'>) {
  return {
    tags: [doc.tag],
    summary: doc.summary,
    description: doc.description,
    security: doc.access === 'user' ? [{ bearer: [] }] : [],
  };
}

/** What a few routes add to their contract: a limit, a check before validation, a lighter session check. */
export interface RouteExtras {
  /** Route config, e.g. `{ rateLimit: {...} }` for @fastify/rate-limit registered in the plugin. */
  config?: RouteOptions['config'];
  /** Runs before the input is validated (e.g. refusing raw card data before it is parsed). */
  preValidation?: RouteOptions['preValidation'];
  /**
   * Who may call (super admins, or roles of the named company), checked before anything else reads
   * the input: a member without the right gets 403 whatever the body, never a 400 about its fields.
   */
  gate?: CallerGate;
  /**
   * `token`: only the access token's signature is verified (the handler checks the sign-in itself,
   * through `claimsOf`); `auth` is then null. Default `session`: the whole session check.
   */
  session?: 'session' | 'token';
}

/** The named fields of an input not validated yet (a body may be anything: an array, a string, null). */
function fields(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/**
 * Registers one endpoint contract on a Fastify plugin whose prefix the contract's path starts with:
 * the input schema validates the body or query (path parameters from the same schema), the output
 * schema serialises `{ detail }` and both generate the OpenAPI operation. Signed-in endpoints run the
 * session check first.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  contract: E,
  handler: (context: RouteContext<E>) => Promise<RouteResult<E>> | RouteResult<E>,
  extras: RouteExtras = {},
): void {
  if (!contract.path.startsWith(app.prefix)) {
    throw new Error(`${contract.path} is not under the plugin prefix ${app.prefix}`);
  }
  const url = contract.path.slice(app.prefix.length).replace(/\{([A-Za-z0-9]+)\}/g, ':$1') || '/';
  const params = pathParams(contract.path);
  const status = contract.status ?? 200;
  const location = inputLocation(contract.method, contract.multipart);

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

  const tokenOnly = extras.session === 'token';
  const { gate } = extras;
  const preValidation = [
    ...(gate
      ? [
          async (request: FastifyRequest) => {
            if (!request.auth) return;
            const raw = { ...fields(request.query), ...fields(request.body), ...fields(request.params) };
            await passGate(app.companyAccess, request.auth, gate, raw);
          },
        ]
      : []),
    ...(extras.preValidation ? [extras.preValidation].flat() : []),
  ];
  const options: RouteOptions = {
    method: contract.method,
    url,
    ...(contract.access === 'user'
      ? { onRequest: tokenOnly ? app.verifyAccessToken : app.authenticate }
      : {}),
    ...(extras.config ? { config: extras.config } : {}),
    ...(preValidation.length > 0 ? { preValidation } : {}),
    schema: {
      tags: [contract.tag],
      summary: contract.summary,
      description: contract.file
        ? `${contract.description} Answers ${contract.file.contentType}.`
        : contract.description,
      security: contract.access === 'user' ? [{ bearer: [] }] : [],
      ...(contract.multipart ? { consumes: ['multipart/form-data'] } : {}),
      [location]: inputSchema,
      ...(paramsSchema ? { params: paramsSchema } : {}),
      // A file has no JSON schema to serialise with; its content type is in the description.
      response: {
        ...(contract.file ? {} : { [status]: contract.bare ? contract.output : detailOf(contract.output) }),
        ...errorResponses(contract.access, contract.errors),
      },
    },
    handler: async (request, reply) => {
      const fromLocation = (location === 'body' ? request.body : request.query) as object | undefined;
      const input = { ...(fromLocation ?? {}), ...((request.params as object | undefined) ?? {}) };
      if (contract.access === 'user' && !tokenOnly && !request.auth) {
        throw refusal('UNAUTHENTICATED', AUTH_REFUSALS.sessionExpired);
      }
      const result = await handler({
        input: input as z.output<E['input']>,
        auth: request.auth as RouteContext<E>['auth'],
        request,
        reply,
      });
      if (contract.file) return result;
      return reply.code(status).send(contract.bare ? result : { detail: result });
    },
  };
  app.route(options);
}
