import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { adminAndOwner } from './factories.ts';

/** A test file's app with a super admin's and a company owner's tokens, ready once its hooks ran. */
export interface AdminScreen {
  t: TestApp;
  admin: string;
  owner: string;
}

/**
 * Builds the app before a test file's tests, with a super admin and a company owner signed in (the
 * admin screens' tests call as both), and closes it after them.
 */
export function adminScreenApp(): AdminScreen {
  const screen = {} as AdminScreen;
  beforeAll(async () => {
    screen.t = await buildTestApp();
    Object.assign(screen, await adminAndOwner(screen.t.app, screen.t.database.db));
  });
  afterAll(() => screen.t.close());
  return screen;
}
