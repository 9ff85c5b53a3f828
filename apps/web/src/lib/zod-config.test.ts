import { describe, expect, it } from 'vitest';
import '@/lib/zod-config';
import { z } from 'zod';

describe('zod under the app’s CSP', () => {
  it('runs jitless, so no schema tries `new Function`', () => {
    expect(z.config().jitless).toBe(true);
    const schema = z.object({ name: z.string() });
    const original = globalThis.Function;
    let compiled = 0;
    globalThis.Function = new Proxy(original, {
      construct(target, args: string[]) {
        compiled += 1;
        return Reflect.construct(target, args);
      },
    });
    try {
      expect(schema.parse({ name: 'a' })).toEqual({ name: 'a' });
      expect(z.object({ id: z.number() }).parse({ id: 1 })).toEqual({ id: 1 });
    } finally {
      globalThis.Function = original;
    }
    expect(compiled).toBe(0);
  });
});
