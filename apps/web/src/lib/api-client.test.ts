import { endpoint } from '@trustleaf/domain/api/endpoint';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, createApiClient, type ApiClient, type ApiClientDeps } from '@/lib/api-client';

/** A contract for a test path: signed in unless `auth` is false; any detail unless `output` says. */
function probe(path: string, options: { auth?: boolean; output?: z.ZodType } = {}) {
  return endpoint({
    method: 'POST',
    path,
    input: z.unknown(),
    output: options.output ?? z.unknown(),
    access: options.auth === false ? 'public' : 'user',
    tag: 'test',
    summary: 'test',
    description: 'test',
  });
}

/** Calls `path` as the app calls any endpoint: through its contract. */
function send(
  client: ApiClient,
  path: string,
  options: { auth?: boolean; body?: unknown; output?: z.ZodType } = {},
) {
  return client.call(probe(path, options), options.body);
}

function jsonResponse(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function setup(response: Response | Error, pathname = '/companies') {
  const fetchMock = vi.fn<typeof fetch>(() =>
    response instanceof Error ? Promise.reject(response) : Promise.resolve(response.clone()),
  );
  const deps: ApiClientDeps = {
    fetch: fetchMock,
    getToken: () => 'token-1',
    getLocation: () => ({ pathname, search: '?tab=2' }),
    redirect: vi.fn(),
    notifyFailure: vi.fn(),
  };
  return { client: createApiClient(deps), deps, fetchMock };
}

describe('api client', () => {
  it.each([200, 201])('returns the detail of a %i answer', async (status) => {
    const { client } = setup(jsonResponse(status, { detail: { ok: true } }));
    await expect(send(client, '/api/x')).resolves.toEqual({ ok: true });
  });

  it('downloads a file contract as a Blob with the token, and reads its failure as JSON', async () => {
    const svg = new Response('<svg/>', { status: 200, headers: { 'content-type': 'image/svg+xml' } });
    const { client, fetchMock } = setup(svg);
    const qr = {
      ...probe('/api/company/companyQrCode'),
      method: 'GET' as const,
      input: z.object({ plCompanyId: z.number() }),
      file: { contentType: 'image/svg+xml' },
    };
    const blob = await client.download(qr, { plCompanyId: 4 });
    expect(await blob.text()).toBe('<svg/>');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/company/companyQrCode?plCompanyId=4');
    expect(init?.headers).toEqual({ authorization: 'Bearer token-1' });

    const refused = setup(jsonResponse(409, { messages: ['Not published'], code: 'CONFLICT' }));
    await expect(refused.client.download(qr, { plCompanyId: 4 })).rejects.toMatchObject({
      status: 409,
      code: 'CONFLICT',
      message: 'Not published',
    });
  });

  it('opens a POST file contract as it streams: the input as the JSON body, the response unread', async () => {
    const csv = new Response('a\nb\n', { status: 200, headers: { 'x-total-count': '1' } });
    const { client, fetchMock } = setup(csv);
    const exported = { ...probe('/api/company/exportCompanyListing'), file: { contentType: 'text/csv' } };
    const response = await client.stream(exported, { format: 'csv' });
    expect(response.headers.get('x-total-count')).toBe('1');
    expect(await response.text()).toBe('a\nb\n');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/company/exportCompanyListing');
    expect(init?.body).toBe('{"format":"csv"}');
    expect(init?.headers).toEqual({ 'content-type': 'application/json', authorization: 'Bearer token-1' });

    const refused = setup(jsonResponse(403, { messages: ['Super admins only'], code: 'FORBIDDEN' }));
    await expect(refused.client.stream(exported, { format: 'csv' })).rejects.toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
      message: 'Super admins only',
    });
  });

  it('uploads a multipart contract: the form as the body, the input in the query, the detail parsed', async () => {
    const { client, fetchMock } = setup(jsonResponse(200, { detail: [{ key: 'k1' }] }));
    const preupload = {
      ...probe('/api/storage/preupload', { output: z.array(z.object({ key: z.string() })) }),
      input: z.object({ mode: z.string() }),
      multipart: true as const,
    };
    const form = new FormData();
    form.append('files', new Blob(['x']), 'a.pdf');
    await expect(client.upload(preupload, { mode: 'document' }, form)).resolves.toEqual([{ key: 'k1' }]);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/storage/preupload?mode=document');
    expect(init?.body).toBe(form);
    expect(init?.headers).toEqual({ accept: 'application/json', authorization: 'Bearer token-1' });
  });

  it('reads the whole body of a bare contract (the payment gateway answers without detail)', async () => {
    const { client } = setup(jsonResponse(200, { token: 'tok_1' }));
    const bare = { ...probe('/sandbox-gateway/tokens', { auth: false }), bare: true as const };
    await expect(client.call(bare, {})).resolves.toEqual({ token: 'tok_1' });
  });

  it('treats 204 as success with no detail', async () => {
    const { client } = setup(jsonResponse(204));
    await expect(send(client, '/api/x')).resolves.toBeUndefined();
  });

  it('sends the bearer token on authenticated calls only', async () => {
    const { client, fetchMock } = setup(jsonResponse(200, { detail: null }));
    await send(client, '/api/x', { body: { a: 1 } });
    await send(client, '/api/y', { auth: false });
    const headers = fetchMock.mock.calls.map(([, init]) => init?.headers as Record<string, string>);
    expect(headers[0]?.authorization).toBe('Bearer token-1');
    expect(headers[1]?.authorization).toBeUndefined();
  });

  it.each([202, 400, 403, 404, 409, 429])(
    'throws the first message and code of a %i answer',
    async (status) => {
      const { client, deps } = setup(jsonResponse(status, { messages: ['Nope', 'more'], code: 'CONFLICT' }));
      const error = await send(client, '/api/x').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status, code: 'CONFLICT', message: 'Nope' });
      expect(deps.redirect).not.toHaveBeenCalled();
      expect(deps.notifyFailure).not.toHaveBeenCalled();
    },
  );

  it('redirects a 401 to sign-out, keeping where the user was', async () => {
    const { client, deps } = setup(
      jsonResponse(401, { messages: ['Session expired'], code: 'UNAUTHENTICATED' }),
    );
    await expect(send(client, '/api/x')).rejects.toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    expect(deps.redirect).toHaveBeenCalledWith(
      '/auth/sign-out?redirectUrl=%2Fcompanies%3Ftab%3D2&reason=expired',
    );
  });

  it('redirects when the body carries a 401 even under a 200 status', async () => {
    const { client, deps } = setup(jsonResponse(200, { status: 401, messages: ['Unauthorized'] }));
    await expect(send(client, '/api/x')).rejects.toBeInstanceOf(ApiError);
    expect(deps.redirect).toHaveBeenCalledOnce();
  });

  it.each(['/auth/sign-in', '/auth/sign-out'])('does not redirect a 401 while on %s', async (pathname) => {
    const { client, deps } = setup(
      jsonResponse(401, { messages: ['Email or password incorrect'], code: 'UNAUTHENTICATED' }),
      pathname,
    );
    await expect(send(client, '/api/auth/login')).rejects.toMatchObject({
      message: 'Email or password incorrect',
    });
    expect(deps.redirect).not.toHaveBeenCalled();
  });

  it('announces a 5xx globally and still throws to the caller', async () => {
    const { client, deps } = setup(
      jsonResponse(500, { messages: ['Something went wrong'], code: 'INTERNAL' }),
    );
    await expect(send(client, '/api/x')).rejects.toMatchObject({ status: 500, code: 'INTERNAL' });
    expect(deps.notifyFailure).toHaveBeenCalledWith('server');
  });

  it('announces a network failure globally', async () => {
    const { client, deps } = setup(new TypeError('Failed to fetch'));
    await expect(send(client, '/api/x')).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
    expect(deps.notifyFailure).toHaveBeenCalledWith('network');
  });

  it('checks the detail against a schema when given one', async () => {
    const { client } = setup(jsonResponse(200, { detail: 'not a number' }));
    await expect(send(client, '/api/x', { output: z.number() })).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
    });
  });
});

/**
 * A server that accepts only `validToken` and answers refreshes with `refreshAnswer`; the client
 * stores a refreshed token like the app does.
 */
function refreshSetup(options: { refreshAnswer?: () => Promise<Response>; stale?: boolean } = {}) {
  let token = 'old';
  let validToken = 'new';
  const refreshAnswer =
    options.refreshAnswer ?? (() => Promise.resolve(jsonResponse(200, { detail: { accessToken: 'new' } })));
  const fetchMock = vi.fn<typeof fetch>((input, init) => {
    const headers = init?.headers as Record<string, string>;
    if (input === '/api/auth/refreshAccessToken') return refreshAnswer();
    if (headers.authorization === `Bearer ${validToken}`) {
      return Promise.resolve(jsonResponse(200, { detail: { path: input } }));
    }
    return Promise.resolve(jsonResponse(401, { messages: ['Unauthenticated'], code: 'UNAUTHENTICATED' }));
  });
  const deps: ApiClientDeps = {
    fetch: fetchMock,
    getToken: () => token,
    getLocation: () => ({ pathname: '/documents', search: '?status=pending' }),
    redirect: vi.fn(),
    notifyFailure: vi.fn(),
    refreshSession: vi.fn(async (client: ApiClient) => {
      const session = (await client.call(
        probe('/api/auth/refreshAccessToken', { auth: false, output: z.object({ accessToken: z.string() }) }),
        {},
        { redirectOnUnauthorized: false },
      )) as { accessToken: string };
      token = session.accessToken;
    }),
    isTokenStale: () => options.stale === true && token === 'old',
  };
  const refreshCalls = () => fetchMock.mock.calls.filter(([path]) => path === '/api/auth/refreshAccessToken');
  return {
    client: createApiClient(deps),
    deps,
    fetchMock,
    refreshCalls,
    rejectAll: () => {
      validToken = 'none';
    },
  };
}

describe('api client: refresh and retry', () => {
  it('refreshes once on a 401 and sends the request again with the new token', async () => {
    const { client, deps, fetchMock, refreshCalls } = refreshSetup();
    await expect(send(client, '/api/x')).resolves.toEqual({ path: '/api/x' });
    expect(refreshCalls()).toHaveLength(1);
    const authorizations = fetchMock.mock.calls
      .filter(([path]) => path === '/api/x')
      .map(([, init]) => (init?.headers as Record<string, string>).authorization);
    expect(authorizations).toEqual(['Bearer old', 'Bearer new']);
    expect(deps.redirect).not.toHaveBeenCalled();
  });

  it('shares one refresh between concurrent 401s (single flight)', async () => {
    let answer!: (response: Response) => void;
    const { client, refreshCalls, deps } = refreshSetup({
      refreshAnswer: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const pending = Promise.all(['/api/a', '/api/b', '/api/c'].map((path) => send(client, path)));
    await vi.waitFor(() => expect(refreshCalls()).toHaveLength(1));
    answer(jsonResponse(200, { detail: { accessToken: 'new' } }));
    await expect(pending).resolves.toEqual([{ path: '/api/a' }, { path: '/api/b' }, { path: '/api/c' }]);
    expect(refreshCalls()).toHaveLength(1);
    expect(deps.refreshSession).toHaveBeenCalledOnce();
  });

  it('goes to sign-out with the reason when the refresh is refused, without looping', async () => {
    const { client, deps, fetchMock } = refreshSetup({
      refreshAnswer: () =>
        Promise.resolve(
          jsonResponse(401, {
            messages: ['Your session has expired. Please sign in again.'],
            code: 'UNAUTHENTICATED',
            details: { reason: 'revoked' },
          }),
        ),
    });
    await expect(send(client, '/api/x')).rejects.toMatchObject({ status: 401 });
    expect(fetchMock.mock.calls.map(([path]) => path)).toEqual(['/api/x', '/api/auth/refreshAccessToken']);
    expect(deps.redirect).toHaveBeenCalledExactlyOnceWith(
      '/auth/sign-out?redirectUrl=%2Fdocuments%3Fstatus%3Dpending&reason=revoked',
    );
  });

  it('retries only once: a second 401 after a good refresh ends the session', async () => {
    const { client, deps, fetchMock, rejectAll } = refreshSetup();
    rejectAll();
    await expect(send(client, '/api/x')).rejects.toMatchObject({ status: 401 });
    expect(fetchMock.mock.calls.map(([path]) => path)).toEqual([
      '/api/x',
      '/api/auth/refreshAccessToken',
      '/api/x',
    ]);
    expect(deps.redirect).toHaveBeenCalledOnce();
  });

  it('never refreshes for a call without the access token (sign-in)', async () => {
    const { client, fetchMock } = refreshSetup();
    await expect(send(client, '/api/auth/login', { auth: false })).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it('keeps the session when the refresh gets no answer (offline after a wake)', async () => {
    const { client, deps } = refreshSetup({ refreshAnswer: () => Promise.reject(new TypeError('offline')) });
    await expect(send(client, '/api/x')).rejects.toMatchObject({ status: 401 });
    expect(deps.redirect).not.toHaveBeenCalled();
  });

  it('refreshes a token that went stale (by the wall clock) before sending the request', async () => {
    const { client, fetchMock } = refreshSetup({ stale: true });
    await expect(send(client, '/api/x')).resolves.toEqual({ path: '/api/x' });
    expect(fetchMock.mock.calls.map(([path]) => path)).toEqual(['/api/auth/refreshAccessToken', '/api/x']);
  });

  it('sends a request that got a 401 again with a token another request refreshed meanwhile', async () => {
    const { client, deps, fetchMock, refreshCalls } = refreshSetup();
    await send(client, '/api/a');
    expect(refreshCalls()).toHaveLength(1);
    fetchMock.mockClear();
    // A response to the old token arriving after the refresh is retried without a second refresh.
    const lateDeps = {
      ...deps,
      getToken: vi.fn<() => string | null>().mockReturnValueOnce('old').mockReturnValue('new'),
    };
    const late = createApiClient(lateDeps);
    await expect(send(late, '/api/b')).resolves.toEqual({ path: '/api/b' });
    expect(refreshCalls()).toHaveLength(0);
  });
});
