import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, type ApiClientDeps } from '@/lib/api-client';

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
    await expect(client.request('/api/x')).resolves.toEqual({ ok: true });
  });

  it('treats 204 as success with no detail', async () => {
    const { client } = setup(jsonResponse(204));
    await expect(client.request('/api/x')).resolves.toBeUndefined();
  });

  it('sends the bearer token on authenticated calls only', async () => {
    const { client, fetchMock } = setup(jsonResponse(200, { detail: null }));
    await client.request('/api/x', { body: { a: 1 } });
    await client.request('/api/y', { auth: false });
    const headers = fetchMock.mock.calls.map(([, init]) => init?.headers as Record<string, string>);
    expect(headers[0]?.authorization).toBe('Bearer token-1');
    expect(headers[1]?.authorization).toBeUndefined();
  });

  it.each([202, 400, 403, 404, 409, 429])(
    'throws the first message and code of a %i answer',
    async (status) => {
      const { client, deps } = setup(jsonResponse(status, { messages: ['Nope', 'more'], code: 'CONFLICT' }));
      const error = await client.request('/api/x').catch((e: unknown) => e);
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
    await expect(client.request('/api/x')).rejects.toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    expect(deps.redirect).toHaveBeenCalledWith('/auth/sign-out?redirectUrl=%2Fcompanies%3Ftab%3D2');
  });

  it('redirects when the body carries a 401 even under a 200 status', async () => {
    const { client, deps } = setup(jsonResponse(200, { status: 401, messages: ['Unauthorized'] }));
    await expect(client.request('/api/x')).rejects.toBeInstanceOf(ApiError);
    expect(deps.redirect).toHaveBeenCalledOnce();
  });

  it.each(['/auth/sign-in', '/auth/sign-out'])('does not redirect a 401 while on %s', async (pathname) => {
    const { client, deps } = setup(
      jsonResponse(401, { messages: ['Email or password incorrect'], code: 'UNAUTHENTICATED' }),
      pathname,
    );
    await expect(client.request('/api/auth/login')).rejects.toMatchObject({
      message: 'Email or password incorrect',
    });
    expect(deps.redirect).not.toHaveBeenCalled();
  });

  it('announces a 5xx globally and still throws to the caller', async () => {
    const { client, deps } = setup(
      jsonResponse(500, { messages: ['Something went wrong'], code: 'INTERNAL' }),
    );
    await expect(client.request('/api/x')).rejects.toMatchObject({ status: 500, code: 'INTERNAL' });
    expect(deps.notifyFailure).toHaveBeenCalledWith('server');
  });

  it('announces a network failure globally', async () => {
    const { client, deps } = setup(new TypeError('Failed to fetch'));
    await expect(client.request('/api/x')).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
    expect(deps.notifyFailure).toHaveBeenCalledWith('network');
  });

  it('checks the detail against a schema when given one', async () => {
    const schema = { safeParse: (value: unknown) => ({ success: typeof value === 'number', data: value }) };
    const { client } = setup(jsonResponse(200, { detail: 'not a number' }));
    await expect(client.request('/api/x', { schema: schema as never })).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
    });
  });
});
