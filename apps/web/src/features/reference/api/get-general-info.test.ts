import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_GENERAL_INFO, getGeneralInfo } from './get-general-info';

afterEach(() => {
  vi.unstubAllGlobals();
});

const respond = (status: number, body: unknown) =>
  vi.fn(() =>
    Promise.resolve(
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    ),
  );

describe('getGeneralInfo', () => {
  it('returns the requested lists and fills the others with empty ones', async () => {
    const fetch = respond(200, { detail: { segments: [{ id: 1, name: 'Cannabis', type: 'CANNABIS' }] } });
    vi.stubGlobal('fetch', fetch);
    const info = await getGeneralInfo(['segments']);
    expect(info.segments).toEqual([{ id: 1, name: 'Cannabis', type: 'CANNABIS' }]);
    expect(info.businessTypes).toEqual([]);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/general/generalInfo');
    expect(JSON.parse(init.body as string)).toEqual({ requestFields: ['segments'] });
  });

  it('logs a failure and empties every list', async () => {
    vi.stubGlobal(
      'fetch',
      respond(400, { messages: ['requestFields.0: Invalid option'], code: 'VALIDATION_FAILED' }),
    );
    const log = vi.fn();
    const info = await getGeneralInfo(['roles'], log);
    expect(info).toEqual(EMPTY_GENERAL_INFO);
    expect(log).toHaveBeenCalledWith(
      'Global data could not be loaded',
      expect.objectContaining({ message: 'requestFields.0: Invalid option' }),
    );
  });
});
