import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.ts';

interface OpenApiOperation {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: unknown[];
  responses?: Record<string, { description?: string }>;
}

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/**
 * The API reference at /api/docs is generated: an operation registered without its documentation
 * (a summary, a description, its tag, its security, its error responses) fails here by name.
 */
describe('API reference', () => {
  it('documents every operation with a summary, a description, a tag, its security and its errors', () => {
    const document = t.app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> };
    const missing: string[] = [];
    let count = 0;
    for (const [path, methods] of Object.entries(document.paths)) {
      if (path.startsWith('/api/docs')) continue;
      for (const [method, operation] of Object.entries(methods)) {
        count++;
        const name = `${method.toUpperCase()} ${path}`;
        if (!operation.summary?.trim()) missing.push(`${name}: summary`);
        if (!operation.description?.trim()) missing.push(`${name}: description`);
        if (!operation.tags?.length) missing.push(`${name}: tag`);
        if (!Array.isArray(operation.security)) missing.push(`${name}: security`);
        const errors = Object.entries(operation.responses ?? {}).filter(([status]) =>
          /^[45]\d\d$/.test(status),
        );
        if (errors.length === 0) missing.push(`${name}: error responses`);
        for (const [status, response] of errors) {
          if (!response.description?.trim()) missing.push(`${name}: ${status} description`);
        }
      }
    }
    expect(count).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });

  it('serves a readable reference', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.json<{ info: { title: string } }>().info.title).toBe('Trustleaf API');
  });
});
