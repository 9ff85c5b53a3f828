import { randomBytes } from 'node:crypto';

/**
 * Request ids for logs and error bodies (`requestId`): a random prefix chosen when the process
 * starts, then a counter. Unique across the server and worker processes and their restarts, and
 * without a call into the random source on every request.
 */
export function createRequestIds(): () => string {
  const prefix = randomBytes(6).toString('base64url');
  let next = 0;
  return () => `${prefix}-${(++next).toString(36)}`;
}
