import {
  buildRequest,
  type Endpoint,
  type EndpointInput,
  type EndpointOutput,
} from '@trustleaf/domain/api/endpoint';
import type { ApiErrorBody } from '@trustleaf/domain/errors';
import type { z } from 'zod';
import { isSessionEndReason, type SessionEndReason } from '@trustleaf/domain/rules/session-end';
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
  /**
   * Swaps the refresh cookie for a new access token and stores it (a request with `auth: false` and
   * `redirectOnUnauthorized: false`, so it never refreshes itself). Without it a 401 goes straight
   * to sign-out.
   */
  refreshSession?: (client: ApiClient) => Promise<void>;
  /** True when the stored access token has expired or is about to, by the wall clock. */
  isTokenStale?: () => boolean;
}

/**
 * What one request carries. Internal: feature code calls endpoints through `call` and its contract,
 * so that every response is parsed by the contract's output schema and none is cast.
 */
interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Send the bearer access token (spec 3 §6). Public calls pass false. */
  auth?: boolean;
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
  /** Extra request headers, e.g. an Idempotency-Key on a charge. */
  headers?: Record<string, string>;
  /** False for calls whose 401 is an answer, not a lost session (the refresh call itself). */
  redirectOnUnauthorized?: boolean;
  /** The whole body is the answer rather than its `detail` (a contract marked `bare`). */
  bare?: boolean;
  /** Files sent as multipart/form-data instead of a JSON body (a contract marked `multipart`). */
  form?: FormData;
  /**
   * The answer is a file (a contract marked `file`): resolved as a Blob, or as the response itself to
   * read as it streams; failures are still JSON.
   */
  file?: 'blob' | 'stream';
}

/** What a caller may add to a contract call. */
export type CallOptions = Pick<RequestOptions<unknown>, 'signal' | 'headers' | 'redirectOnUnauthorized'>;

/** How a refresh attempt ended: a new token, a session that is over, or no answer (offline). */
type RefreshOutcome = 'refreshed' | SessionEndReason | 'unreachable';

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

function unauthorized(payload: unknown): ApiError {
  const parsed = parseErrorBody(payload);
  return new ApiError(
    401,
    'UNAUTHENTICATED',
    parsed?.messages[0] ?? 'Unauthenticated',
    parsed?.details,
    parsed?.requestId,
  );
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
  function sendToSignOut(reason?: SessionEndReason): void {
    const { pathname, search } = deps.getLocation();
    if (SESSION_EXEMPT_PATHS.includes(pathname)) return;
    deps.redirect(paths.auth.signOut.getHref(`${pathname}${search}`, reason));
  }

  let refreshing: Promise<RefreshOutcome> | null = null;

  /**
   * One refresh at a time for the whole tab: the server rotates the refresh token, so concurrent
   * 401s (and the session timer) share the same attempt instead of presenting a used token.
   */
  function refreshOnce(): Promise<RefreshOutcome> {
    const refreshSession = deps.refreshSession;
    if (!refreshSession) return Promise.resolve('expired');
    refreshing ??= refreshSession(client)
      .then((): RefreshOutcome => 'refreshed')
      .catch((error: unknown): RefreshOutcome => {
        if (!(error instanceof ApiError) || !error.isUnauthorized) return 'unreachable';
        const reason = (error.details as { reason?: unknown } | undefined)?.reason;
        return isSessionEndReason(reason) ? reason : 'expired';
      })
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  /**
   * Refreshes the access token and, when the session is over, sends the user to sign-out with the
   * reason. An unreachable server (a laptop that woke before its network) keeps the session.
   */
  async function refreshSession(): Promise<RefreshOutcome> {
    const outcome = await refreshOnce();
    if (outcome === 'expired' || outcome === 'revoked') sendToSignOut(outcome);
    return outcome;
  }

  async function send(path: string, init: RequestInit, signal?: AbortSignal): Promise<Response> {
    try {
      return await deps.fetch(path, { ...init, credentials: 'same-origin', signal });
    } catch (cause) {
      if (signal?.aborted) throw cause;
      deps.notifyFailure('network');
      throw new ApiError(0, 'NETWORK', 'Network error');
    }
  }

  async function request<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
    const { method = 'POST', body, auth = true, schema, signal, redirectOnUnauthorized = true } = options;
    const { form, file } = options;
    const baseHeaders: Record<string, string> = { ...options.headers };
    if (!file) baseHeaders.accept = 'application/json';
    // The browser writes a multipart body's content type itself (with its boundary).
    if (body !== undefined && !form) baseHeaders['content-type'] = 'application/json';
    const init = (token: string | null): RequestInit => ({
      method,
      headers: token ? { ...baseHeaders, authorization: `Bearer ${token}` } : baseHeaders,
      body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    // A file's bytes are read once the status says it is one; every failure is JSON.
    const read = (response: Response) =>
      file && SUCCESS_STATUSES.has(response.status) ? Promise.resolve(undefined) : readJson(response);

    // A tab that slept past the token's expiry refreshes before sending anything with it.
    if (auth && deps.isTokenStale?.()) await refreshSession();
    const token = auth ? deps.getToken() : null;
    let response = await send(path, init(token), signal);
    let payload = await read(response);

    if (token && (response.status === 401 || hasUnauthorizedMarker(payload))) {
      // Another request may have refreshed meanwhile; otherwise try one refresh. Either way the
      // request is sent again once, and a second 401 ends the session.
      const current = deps.getToken();
      const outcome = current && current !== token ? 'refreshed' : await refreshOnce();
      const next = deps.getToken();
      if (outcome === 'refreshed' && next) {
        response = await send(path, init(next), signal);
        payload = await read(response);
      } else {
        // An unreachable server decides nothing: the session stays for the next attempt.
        if (outcome === 'expired' || outcome === 'revoked') sendToSignOut(outcome);
        throw unauthorized(payload);
      }
    }

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
      if (redirectOnUnauthorized) sendToSignOut(token ? 'revoked' : undefined);
      throw unauthorized(payload);
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

    if (file) return (file === 'blob' ? await response.blob() : response) as T;
    const detail = options.bare
      ? payload
      : payload && typeof payload === 'object' && 'detail' in payload
        ? payload.detail
        : undefined;
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
    options: CallOptions = {},
  ): Promise<EndpointOutput<E>> {
    const { method, url, body } = buildRequest(contract, input);
    return request(url, {
      method,
      body,
      auth: contract.access === 'user',
      schema: contract.output as z.ZodType<EndpointOutput<E>>,
      bare: contract.bare === true,
      ...options,
    });
  }

  /** Fetches a file contract's answer (a PDF, an image, an SVG) as a Blob, with the session's token. */
  async function download<E extends Endpoint & { file: object }>(
    contract: E,
    input: EndpointInput<E>,
    options: CallOptions = {},
  ): Promise<Blob> {
    const { method, url } = buildRequest(contract, input);
    return request<Blob>(url, { method, auth: contract.access === 'user', file: 'blob', ...options });
  }

  /**
   * Opens a file contract's answer as it streams (a long export read with progress): the response of
   * a success, its body unread; a failure throws as any call's does.
   */
  async function stream<E extends Endpoint & { file: object }>(
    contract: E,
    input: EndpointInput<E>,
    options: CallOptions = {},
  ): Promise<Response> {
    const { method, url, body } = buildRequest(contract, input);
    return request<Response>(url, {
      method,
      body,
      auth: contract.access === 'user',
      file: 'stream',
      ...options,
    });
  }

  /** Sends files to a multipart contract (`form` holds them); its input travels in the query string. */
  async function upload<E extends Endpoint & { multipart: true }>(
    contract: E,
    input: EndpointInput<E>,
    form: FormData,
    options: CallOptions = {},
  ): Promise<EndpointOutput<E>> {
    const { method, url } = buildRequest(contract, input);
    return request(url, {
      method,
      form,
      auth: contract.access === 'user',
      schema: contract.output as z.ZodType<EndpointOutput<E>>,
      ...options,
    });
  }

  const client: ApiClient = { call, download, stream, upload, refreshSession };
  return client;
}

export interface ApiClient {
  call: <E extends Endpoint>(
    contract: E,
    input: EndpointInput<E>,
    options?: CallOptions,
  ) => Promise<EndpointOutput<E>>;
  download: <E extends Endpoint & { file: object }>(
    contract: E,
    input: EndpointInput<E>,
    options?: CallOptions,
  ) => Promise<Blob>;
  stream: <E extends Endpoint & { file: object }>(
    contract: E,
    input: EndpointInput<E>,
    options?: CallOptions,
  ) => Promise<Response>;
  upload: <E extends Endpoint & { multipart: true }>(
    contract: E,
    input: EndpointInput<E>,
    form: FormData,
    options?: CallOptions,
  ) => Promise<EndpointOutput<E>>;
  /** Refreshes now (shared with any refresh under way); a session that is over goes to sign-out. */
  refreshSession: () => Promise<RefreshOutcome>;
}
