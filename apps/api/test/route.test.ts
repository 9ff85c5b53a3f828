import { endpoint } from '@trustleaf/domain/api/endpoint';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { NoInputSchema } from '@trustleaf/domain/schemas/common';
import { z } from 'zod';
import { route } from '../src/lib/route.ts';
import { registerErrorHandler } from '../src/plugins/error-handler.ts';

const getItem = endpoint({
  method: 'GET',
  path: '/api/things/item/{id}',
  input: z.object({ id: z.coerce.number().int().positive(), full: z.enum(['yes', 'no']).optional() }),
  output: z.object({ id: z.number(), full: z.boolean() }),
  access: 'public',
  tag: 'things',
  summary: 'One thing',
  description: 'A thing by id, in full or not.',
});

const renameItem = endpoint({
  method: 'PATCH',
  path: '/api/things/item/{id}',
  input: z.object({ id: z.coerce.number().int().positive(), name: z.string().min(1) }),
  output: z.object({ id: z.number(), name: z.string() }),
  access: 'user',
  tag: 'things',
  summary: 'Rename a thing',
  description: 'Renames a thing; a name in use is a conflict.',
  errors: ['CONFLICT'],
  status: 201,
});

const countThings = endpoint({
  method: 'POST',
  path: '/api/things/count',
  input: NoInputSchema,
  output: z.object({ count: z.number() }),
  access: 'public',
  tag: 'things',
  summary: 'How many things',
  description: 'Counts the things; takes no input.',
});

async function buildApp() {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.decorateRequest('auth', null);
  // A stand-in for the auth plugin: a bearer "ok" is a signed-in user.
  app.decorate('authenticate', async (request) => {
    if (request.headers.authorization !== 'Bearer ok') {
      const { AppError } = await import('../src/lib/errors.ts');
      throw new AppError('UNAUTHENTICATED', 'Your session has expired. Please sign in again.');
    }
    request.auth = { userId: 1, familyId: 'f', email: 'a@b.c', isSuperAdmin: false };
  });
  await app.register(
    async (things) => {
      route(things, getItem, ({ input }) => ({ id: input.id, full: input.full === 'yes' }));
      route(things, countThings, () => ({ count: 3 }));
      route(things, renameItem, ({ input, auth }) => ({ id: input.id + auth.userId, name: input.name }));
    },
    { prefix: '/api/things' },
  );
  return app;
}

describe('route(app, contract, handler)', () => {
  it('takes a call without input with no body, an empty body or null, as spec clients send it', async () => {
    const app = await buildApp();
    for (const payload of [undefined, {}, 'null']) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/things/count',
        ...(payload === undefined ? {} : { payload, headers: { 'content-type': 'application/json' } }),
      });
      expect(response.statusCode, JSON.stringify(payload) ?? 'no body').toBe(200);
      expect(response.json()).toEqual({ detail: { count: 3 } });
    }
  });

  it('serves the contract path with path parameters and the query validated and merged', async () => {
    const app = await buildApp();
    const response = await app.inject({ method: 'GET', url: '/api/things/item/4?full=yes' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ detail: { id: 4, full: true } });
    const bad = await app.inject({ method: 'GET', url: '/api/things/item/4?full=maybe' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
  });

  it('runs the session check on signed-in contracts and answers with the contract status', async () => {
    const app = await buildApp();
    const anonymous = await app.inject({
      method: 'PATCH',
      url: '/api/things/item/4',
      payload: { name: 'x' },
    });
    expect(anonymous.statusCode).toBe(401);
    const signedIn = await app.inject({
      method: 'PATCH',
      url: '/api/things/item/4',
      headers: { authorization: 'Bearer ok' },
      payload: { name: 'x' },
    });
    expect(signedIn.statusCode).toBe(201);
    expect(signedIn.json()).toEqual({ detail: { id: 5, name: 'x' } });
  });

  it('refuses a contract whose path is outside the plugin prefix', async () => {
    const app = Fastify();
    await expect(
      app.register(async (other) => route(other, getItem, () => ({ id: 1, full: false })), {
        prefix: '/api/x',
      }),
    ).rejects.toThrow('is not under the plugin prefix');
  });
});
