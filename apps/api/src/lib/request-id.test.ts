import { describe, expect, it } from 'vitest';
import { createRequestIds } from './request-id.ts';

describe('request ids', () => {
  it('never repeats within a process', () => {
    const next = createRequestIds();
    const ids = Array.from({ length: 10_000 }, next);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids[0]).toMatch(/^[\w-]{8}-1$/);
  });

  it('differs between processes from the first request on', () => {
    expect(createRequestIds()()).not.toBe(createRequestIds()());
  });
});
