/**
 * Time is injected: rules about "now" read it from here, so tests move time instead of sleeping.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

let current: Clock = systemClock;

export function clock(): Clock {
  return current;
}

export function now(): Date {
  return current.now();
}

/** Tests: replace the clock. Returns a function that restores the previous one. */
export function setClock(c: Clock): () => void {
  const previous = current;
  current = c;
  return () => {
    current = previous;
  };
}

/** A clock fixed at a moment that tests can advance. */
export function fixedClock(start: Date | string): Clock & { advance(ms: number): void; set(d: Date | string): void } {
  let t = new Date(start).getTime();
  return {
    now: () => new Date(t),
    advance(ms: number) {
      t += ms;
    },
    set(d: Date | string) {
      t = new Date(d).getTime();
    },
  };
}
