import { inputLocation, type Endpoint } from '@trustleaf/domain/api/endpoint';
import { updateLanguage } from '@trustleaf/domain/api/users';
import { http, HttpResponse } from 'msw/http';
import { setupServer } from 'msw/node';
import type { z } from 'zod';

/*
 * The API as web tests see it: every request goes through MSW, and a handler is built from the
 * endpoint's contract (`handle`), so a mock answers on the contract's method and path and its body
 * is parsed by the contract's output schema. A mock that drifts from the API fails the test.
 */

/** One request a handler answered: the raw JSON body (or the query string as an object) as sent. */
export interface SentRequest {
  method: string;
  path: string;
  url: URL;
  body: unknown;
}

const sent: SentRequest[] = [];

/** Forgets the recorded requests (the setup file does it after each test). */
export function clearSentRequests(): void {
  sent.length = 0;
}

/** The raw bodies (query objects for GET and DELETE) sent to one endpoint, in order. */
export function sentTo(contract: Pick<Endpoint, 'method' | 'path'>): unknown[] {
  return sent
    .filter((request) => request.method === contract.method && request.path === contract.path)
    .map((request) => request.body);
}

/** Every request the handlers answered, in order. */
export function sentRequests(): readonly SentRequest[] {
  return sent;
}

/** An error answer in the API's shape (spec 3 §7): `{ messages, code, details }`. */
export function apiError(status: number, code: string, message: string, details?: unknown): Response {
  return HttpResponse.json({ messages: [message], code, ...(details ? { details } : {}) }, { status });
}

export interface HandlerContext<E extends Endpoint> {
  /** The request's input parsed by the contract's input schema (as the route would). */
  input: z.output<E['input']>;
  /** The input as sent: the JSON body, or the query string as an object (repeated keys as arrays). */
  body: unknown;
  request: Request;
  params: Record<string, string>;
}

/** What a resolver answers: the endpoint's output (parsed by its schema), or a whole Response (errors). */
export type Resolver<E extends Endpoint> = (
  context: HandlerContext<E>,
) => z.input<E['output']> | Response | Promise<z.input<E['output']> | Response>;

function queryObject(url: URL): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    record[key] = values.length > 1 ? values : values[0];
  }
  return record;
}

async function readBody(request: Request, contract: Endpoint, url: URL): Promise<unknown> {
  if (inputLocation(contract.method, contract.multipart) === 'querystring') return queryObject(url);
  const text = await request.text();
  return text ? (JSON.parse(text) as unknown) : undefined;
}

/**
 * A handler for one endpoint contract: method and path come from the contract (`{id}` path
 * parameters included), the input is parsed by its input schema (a 400 VALIDATION_FAILED when it
 * does not parse, as the API answers) and the answer by its output schema, wrapped in `{ detail }`.
 */
export function handle<E extends Endpoint>(contract: E, resolver: Resolver<E>) {
  const route = contract.path.replace(/\{([A-Za-z][A-Za-z0-9]*)\}/g, ':$1');
  const method = contract.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  return http[method](route, async ({ request, params }) => {
    const url = new URL(request.url);
    const body = await readBody(request.clone(), contract, url);
    sent.push({ method: contract.method, path: contract.path, url, body });
    const stringParams = Object.fromEntries(
      Object.entries(params).map(([key, value]) => [key, String(value)]),
    );
    const parsedInput = contract.input.safeParse({ ...(body as object | undefined), ...stringParams });
    if (!parsedInput.success) {
      return apiError(400, 'VALIDATION_FAILED', parsedInput.error.issues[0]?.message ?? 'Invalid input');
    }
    const answer = await resolver({
      input: parsedInput.data as z.output<E['input']>,
      body,
      request,
      params: stringParams,
    });
    if (answer instanceof Response) return answer;
    // A mock answer the contract would not send fails the test here, before any component sees it.
    const detail = contract.output.parse(answer);
    const status = contract.status ?? 200;
    return HttpResponse.json((contract.bare ? detail : { detail }) as never, { status });
  });
}

/** Shorthand for a handler that always answers the same output. */
export function answer<E extends Endpoint>(contract: E, output: z.input<E['output']>) {
  return handle(contract, () => output);
}

/**
 * The test API. Its standing answers stay after each test's `server.resetHandlers()`: signing in
 * tells the API the user's language (`lib/i18n.ts`). Tests add theirs with `server.use(handle(…))`.
 */
export const server = setupServer(handle(updateLanguage, ({ input }) => input));
