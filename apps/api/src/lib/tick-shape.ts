import { createHook } from 'node:async_hooks';

let kept: object | null = null;

/**
 * Keeps one of Node's tick objects (what `process.nextTick` queues; every HTTP response queues
 * several) alive for the life of the process, so that the hidden classes V8 built for them are
 * never collected.
 *
 * Why: `nextTick` builds its tick object with a literal whose keys are computed (symbols), and V8
 * caches each such key's store for one hidden class only. When the process idles, no tick object is
 * alive, and a full garbage collection then frees those hidden classes; the next tick builds new
 * ones, V8 sees a second class at that store and gives up on caching it for good. From then on every
 * tick goes through V8's slow path: measured on `/api/health`, about 7 % of the server's CPU a
 * request (bench/RESULTS.md). A process that is busy from start to end never pays it; a real server,
 * which idles and collects, always does. One kept object costs a few dozen bytes.
 *
 * Node hands tick objects to async hooks only: a hook is enabled for one `nextTick` and disabled
 * again. The entry points import it first (`keep-tick-shape.ts`), so it runs before the app is
 * built; in the bundle the npm packages still load before it, which a profile of the built server
 * shows to be early enough (no slow-path samples left).
 */
export function keepTickObjectShape(): void {
  if (kept !== null) return;
  const hook = createHook({
    init(_asyncId, type, _triggerAsyncId, resource) {
      if (type === 'TickObject') kept ??= resource;
    },
  });
  hook.enable();
  process.nextTick(() => {});
  hook.disable();
}

/** The tick object kept by `keepTickObjectShape` (tests). */
export function keptTickObject(): object | null {
  return kept;
}
