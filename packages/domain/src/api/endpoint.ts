import type { z } from 'zod';
import type { ErrorCode } from '../errors.ts';

/**
 * One typed contract per endpoint (DESIGN "API conventions"): the API route validates and serialises
 * with it, the web client builds the request and parses `detail` with it, forms derive from `input`.
 * Paths are the spec's, written in full (`/api/<area>/<action>`); a path parameter is `{name}` as the
 * spec writes it, filled from the input field of that name. Type-only zod import: the web client
 * builds requests with this module on the sign-in page's first load.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call: `public` needs no session; `user` a signed-in user (the service checks company and role). */
export type EndpointAccess = 'public' | 'user';

export interface Endpoint<
  M extends HttpMethod = HttpMethod,
  P extends string = string,
  I extends z.ZodType = z.ZodType,
  O extends z.ZodType = z.ZodType,
  A extends EndpointAccess = EndpointAccess,
> {
  method: M;
  path: P;
  /** Body for POST/PUT/PATCH, query string for GET/DELETE; path parameters are read from it too. */
  input: I;
  /** The `detail` of a success body. */
  output: O;
  access: A;
  /** OpenAPI tag (the module) and a one-line summary. */
  tag: string;
  summary: string;
  /** What the call does for its caller, who may make it and what it refuses, for the API reference. */
  description: string;
  /**
   * Error codes the call answers besides those every call may (VALIDATION_FAILED, FORBIDDEN,
   * NOT_FOUND, and UNAUTHENTICATED when signed in): documented as its error responses.
   */
  errors?: readonly ErrorCode[];
  /** Success status; 200 unless the spec says otherwise. */
  status?: 200 | 201 | 202;
  /**
   * The success body is the output itself rather than `{ detail }`: only the sandbox payment
   * gateway, which answers as a card processor's own endpoint does.
   */
  bare?: true;
  /**
   * The success body is a file or page rather than JSON (a PDF, an image, an SVG, an HTML page): the
   * handler writes it with its own headers, and `output` is `z.never()`. The web fetches it as a Blob
   * with `api.download`; `contentType` documents it.
   */
  file?: { contentType: string };
  /**
   * The body is multipart/form-data carrying files (read by the handler as it streams); `input` is
   * then the query string. The web sends it with `api.upload`.
   */
  multipart?: true;
}

export function endpoint<
  M extends HttpMethod,
  P extends string,
  I extends z.ZodType,
  O extends z.ZodType,
  A extends EndpointAccess,
  F extends { contentType: string } | undefined = undefined,
  U extends true | undefined = undefined,
>(
  definition: Endpoint<M, P, I, O, A> & { file?: F; multipart?: U },
): Endpoint<M, P, I, O, A> &
  (F extends object ? { file: F } : unknown) &
  (U extends true ? { multipart: true } : unknown) {
  // The file and multipart marks stay in the type: the API and the web client answer them differently.
  return definition as Endpoint<M, P, I, O, A> &
    (F extends object ? { file: F } : unknown) &
    (U extends true ? { multipart: true } : unknown);
}

export type EndpointInput<E extends Endpoint> = z.input<E['input']>;
export type EndpointOutput<E extends Endpoint> = z.output<E['output']>;

/** Where an endpoint's input travels: a multipart call's body holds its files, so its input is the query. */
export function inputLocation(
  method: HttpMethod,
  multipart: boolean | undefined = false,
): 'body' | 'querystring' {
  return method === 'GET' || method === 'DELETE' || multipart ? 'querystring' : 'body';
}

/** A query or path value as text: numbers and booleans as written, anything else as JSON. */
function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  return JSON.stringify(value) ?? '';
}

const PARAM = /\{([A-Za-z][A-Za-z0-9]*)\}/g;

/** The names of the `{param}` segments of a path, in order. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(PARAM)].map((match) => match[1]!);
}

/**
 * The request an endpoint makes for an input: the path with its parameters filled in (encoded),
 * the remaining fields as the query string (GET/DELETE) or the JSON body.
 */
export function buildRequest(
  contract: Pick<Endpoint, 'method' | 'path' | 'multipart'>,
  input: unknown,
): { method: HttpMethod; url: string; body?: unknown } {
  const params = new Set(pathParams(contract.path));
  const record = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  const url = contract.path.replace(PARAM, (_match, name: string) =>
    encodeURIComponent(asText(record[name] ?? '')),
  );
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) if (!params.has(key)) rest[key] = value;
  if (inputLocation(contract.method, contract.multipart) === 'body') {
    return {
      method: contract.method,
      url,
      body: input === undefined && params.size === 0 ? undefined : rest,
    };
  }
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(rest)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value as unknown[]) query.append(key, asText(item));
    else query.append(key, asText(value));
  }
  const search = query.toString();
  return { method: contract.method, url: search ? `${url}?${search}` : url };
}
