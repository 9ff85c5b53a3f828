import { loadMessages } from '@/lib/i18n';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { clearSentRequests, server } from './msw';

// Every request a test makes is answered by a contract handler; one nobody answers fails the test.
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  clearSentRequests();
  window.localStorage.clear();
});
afterAll(() => server.close());

// Components under test use the signed-in app's strings, which the app loads with its first screen.
await Promise.all([loadMessages('app'), loadMessages('extra')]);
