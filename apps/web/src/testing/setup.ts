import { loadMessages } from '@/lib/i18n';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

// Components under test use the signed-in app's strings, which the app loads with its first screen.
await Promise.all([loadMessages('app'), loadMessages('extra')]);
