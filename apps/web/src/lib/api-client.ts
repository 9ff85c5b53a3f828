import {
  buildRequest,
  type Endpoint,
  type EndpointInput,
  type EndpointOutput,
} from '@trustleaf/domain/api/endpoint';
import type { ApiErrorBody } from '@trustleaf/domain/errors';
import type { z } from 'zod';
import { SESSION_EXEMPT_PATHS, paths } from '@/config/paths';

/** Spec 3 §7: only these statuses count as success; every other status throws to the caller. */
export const SUCCESS_STATUSES: ReadonlySet<number> = new Set([200, 201, 204]);

/** A failed call as the caller sees it: the first server message and the machine code (STYLE §5). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    readonly requestId?: string,
  ) {
    super(message);
  }

  get isUnauthorized(): boolean {
    return this.status === 401 || this.code === 'UNAUTHENTICATED';
  }
}

export type FailureKind = 'network' | 'server';

export interface ApiClientDeps {
  fetch: typeof fetch;
  getToken: () => string | null;
  /** Current path and search, to skip the redirect on sign-in/out and to come back after sign-in. */
  getLocation: () => { pathname: string; search: string };
  redirect: (href: string) => void;
  /** Network failures and 5xx are announced once, globally; the caller still gets the ApiError. */
  notifyFailure: (kind: FailureKind) => void;
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Send the bearer access token (spec 3 §6). Public calls pass false. */
  auth?: boolean;
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
  /** Extra request headers, e.g. an Idempotency-Key on a charge. */
  headers?: Record<string, string>;
}

/**
 * Reads `ApiErrorBody` (the domain's schema) by its shape rather than through zod: this module is on
 * every page's first load, and zod would add about 20 KB gzip to the sign-in page's budget. Response
 * data is still checked with the shared schemas where callers pass one.
 */
function parseErrorBody(body: unknown): ApiErrorBody | null {
  if (!body || typeof body !== 'object') return null;
  const record = body as Record<string, unknown>;
  const { messages, code, details, requestId } = record;
  if (!Array.isArray(messages) || messages.length === 0) return null;
  if (!messages.every((message) => typeof message === 'string') || typeof code !== 'string') return null;
  return {
    messages: messages,
    code: code as ApiErrorBody['code'],
    details,
    requestId: typeof requestId === 'string' ? requestId : undefined,
  };
}

function hasUnauthorizedMarker(body: unknown): boolean {
  if (!body || typeof body !== 'object') return false;
  const record = body as Record<string, unknown>;
  return record.status === 401 || record.statusCode === 401 || record.code === 401;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function createApiClient(deps: ApiClientDeps) {
  function sendToSignOut(): void {
    const { pathname, search } = deps.getLocation();
    if (SESSION_EXEMPT_PATHS.includes(pathname)) return;
    deps.redirect(paths.auth.signOut.getHref(`${pathname}${search}`));
  }

  async function request<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
    const { method = 'POST', body, auth = true, schema, signal } = options;
    const headers: Record<string, string> = { ...options.headers, accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const token = auth ? deps.getToken() : null;
    if (token) headers.authorization = `Bearer ${token}`;

    let response: Response;
    try {
      response = await deps.fetch(path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'same-origin',
        signal,
      });
    } catch (cause) {
      if (signal?.aborted) throw cause;
      deps.notifyFailure('network');
      throw new ApiError(0, 'NETWORK', 'Network error');
    }

    const payload = await readJson(response);

    if (response.status >= 500) {
      deps.notifyFailure('server');
      const parsed = parseErrorBody(payload);
      throw new ApiError(
        response.status,
        parsed?.code ?? 'INTERNAL',
        parsed?.messages[0] ?? 'Something went wrong',
        undefined,
        parsed?.requestId,
      );
    }

    if (response.status === 401 || hasUnauthorizedMarker(payload)) {
      sendToSignOut();
      const parsed = parseErrorBody(payload);
      throw new ApiError(
        401,
        'UNAUTHENTICATED',
        parsed?.messages[0] ?? 'Unauthenticated',
        parsed?.details,
        parsed?.requestId,
      );
    }

    if (!SUCCESS_STATUSES.has(response.status)) {
      const parsed = parseErrorBody(payload);
      if (parsed) {
        throw new ApiError(
          response.status,
          parsed.code,
          parsed.messages[0] ?? 'Request failed',
          parsed.details,
          parsed.requestId,
        );
      }
      throw new ApiError(response.status, 'UNKNOWN', `Request failed with status ${response.status}`);
    }

    const detail = payload && typeof payload === 'object' && 'detail' in payload ? payload.detail : undefined;
    if (!schema) return detail as T;
    const parsed = schema.safeParse(detail);
    if (!parsed.success) {
      throw new ApiError(response.status, 'INVALID_RESPONSE', 'The server sent an unexpected response');
    }
    return parsed.data;
  }

  /**
   * Calls one endpoint contract (`@trustleaf/domain/api/*`): the request is built from the contract's
   * method and path, and `detail` is parsed with its output schema, so no response type is cast.
   */
  async function call<E extends Endpoint>(
    contract: E,
    input: EndpointInput<E>,
    options: Pick<RequestOptions<unknown>, 'signal' | 'headers'> = {},
  ): Promise<EndpointOutput<E>> {
    const { method, url, body } = buildRequest(contract, input);
    return request(url, {
      method,
      body,
      auth: contract.access === 'user',
      schema: contract.output as z.ZodType<EndpointOutput<E>>,
      ...options,
    });
  }

  return { request, call };
}

export type ApiClient = ReturnType<typeof createApiClient>;
