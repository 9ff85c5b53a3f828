import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { keepTickObjectShape, keptTickObject } from './tick-shape.ts';

/**
 * A process that queues ticks, idles through two full collections and queues ticks again, then
 * prints V8's feedback for `process.nextTick` (`%DebugPrint`): one line per store of the tick
 * object's literal, with its cache state.
 */
function nextTickStoresAfterIdleCollection(keep: boolean): string[] {
  const tickShape = new URL('./tick-shape.ts', import.meta.url).href;
  const probe = `
    if (${keep}) (await import(${JSON.stringify(tickShape)})).keepTickObjectShape();
    const ticks = () => new Promise((resolve) => {
      let n = 0;
      const step = () => (++n < 2000 ? process.nextTick(step) : resolve());
      step();
    });
    await ticks();
    await new Promise((resolve) => setTimeout(resolve, 10));
    globalThis.gc();
    globalThis.gc();
    await ticks();
    %DebugPrint(process.nextTick);`;
  const output = execFileSync(
    process.execPath,
    [
      '--allow-natives-syntax',
      '--expose-gc',
      '--experimental-strip-types',
      '--no-warnings',
      '--input-type=module',
      '-e',
      probe,
    ],
    { encoding: 'utf8' },
  );
  return output.split('\n').filter((line) => line.includes('DefineKeyedOwnPropertyInLiteral'));
}

describe('keeping the tick object shape', () => {
  it('keeps one of the objects process.nextTick queues', () => {
    keepTickObjectShape();
    const kept = keptTickObject();
    expect(kept).toMatchObject({ callback: expect.any(Function) });
    expect(Object.getOwnPropertySymbols(kept).length).toBeGreaterThanOrEqual(2);
    keepTickObjectShape();
    expect(keptTickObject()).toBe(kept);
  });

  it("keeps V8's stores of the tick object cached after an idle full collection", () => {
    // Without it, the stores after the first go megamorphic: every later tick takes V8's slow path.
    const without = nextTickStoresAfterIdleCollection(false);
    expect(without.length).toBeGreaterThanOrEqual(4);
    expect(without.filter((line) => line.includes('MEGAMORPHIC')).length).toBeGreaterThanOrEqual(3);

    const kept = nextTickStoresAfterIdleCollection(true);
    expect(kept.length).toBe(without.length);
    expect(kept.every((line) => line.includes('MONOMORPHIC'))).toBe(true);
  });
});
