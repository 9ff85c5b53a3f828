/** Time source that tests can move (expiry, rate-limit windows, renewals). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export function createManualClock(
  start = new Date(),
): Clock & { advance(ms: number): void; set(date: Date): void } {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (date) => {
      current = date.getTime();
    },
  };
}

/**
 * The wall clock moved by an offset a test control sets (`TEST_CLOCK=true`, never in production):
 * browser journeys move the server's day to see documents expire without waiting.
 */
export interface OffsetClock extends Clock {
  offsetMs(): number;
  setOffset(ms: number): void;
}

export function createOffsetClock(): OffsetClock {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    offsetMs: () => offset,
    setOffset: (ms) => {
      offset = ms;
    },
  };
}
