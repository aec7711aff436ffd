/**
 * Answers that are pure functions of their key (a session token's signature, a sealed token's plaintext, a path's
 * canonical spelling), kept for the isolate's life so that repeated requests do not work them out again: each costs
 * a logged-in page tens of µs of CPU (docs/performance.md). Only what holds for good is kept, and callers still apply
 * every rule that depends on the moment or the configuration (expiry, which keys are configured). Bounded: when
 * full, the oldest entry goes.
 */
export class IsolateMemo<V> {
  readonly #entries = new Map<string, V>();
  readonly #capacity: number;

  constructor(capacity: number) {
    this.#capacity = capacity;
  }

  get(key: string): V | undefined {
    return this.#entries.get(key);
  }

  set(key: string, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size <= this.#capacity) return;
    const oldest = this.#entries.keys().next();
    if (!oldest.done) this.#entries.delete(oldest.value);
  }
}
