import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { bearer } from './factories.ts';

/** A POST as a caller (no token: no session), with any further headers a test sends. */
export type TestPost = (
  url: string,
  payload: object,
  token?: string,
  headers?: Record<string, string>,
) => Promise<LightMyRequestResponse>;

/**
 * The test file's app, built before its tests and closed after them: its fields are there once the
 * file's first beforeAll has run. `post` calls the app as the given caller.
 */
export function useTestApp(overrides?: Parameters<typeof buildTestApp>[0]): TestApp & { post: TestPost } {
  const built = {} as TestApp;
  beforeAll(async () => {
    Object.assign(built, await buildTestApp(overrides));
  });
  afterAll(() => built.close());
  const post: TestPost = (url, payload, token, headers = {}) =>
    built.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { ...(token ? bearer(token) : {}), ...headers },
    });
  return Object.assign(built, { post });
}
