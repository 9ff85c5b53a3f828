import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers for our configuration, worked out once. They do not depend on the request, so
 * every response gets the same object through Fastify's reply headers: nothing is set on the raw
 * response, which keeps Node on its fast path that validates each header once, in writeHead.
 */
export function securityHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const capture = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  // Helmet's middleware is synchronous and only sets and removes headers.
  helmet(options)({} as IncomingMessage, capture as unknown as ServerResponse, (error?: unknown) => {
    if (error instanceof Error) throw error;
  });
  return Object.freeze(headers);
}
