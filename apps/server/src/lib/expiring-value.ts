/**
 * A value read from somewhere slow and trusted for `ttlMs`: one read per period however many
 * callers ask, and callers that arrive while a read is on its way share it. A value this
 * process wrote itself (`set`) is trusted at once, and a read that started before the write
 * cannot put the old value back.
 */
export class ExpiringValue<T> {
  private cached: { value: T; until: number } | null = null;
  private pending: Promise<T> | null = null;
  // Bumped by every `set`, so a read that started before it cannot cache what it read.
  private version = 0;

  constructor(
    private readonly read: () => Promise<T>,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(): Promise<T> {
    if (this.cached && this.cached.until > this.now()) return Promise.resolve(this.cached.value);
    const version = this.version;
    this.pending ??= this.read()
      .then((value) => {
        if (version === this.version) this.cached = { value, until: this.now() + this.ttlMs };
        return value;
      })
      .finally(() => {
        this.pending = null;
      });
    return this.pending;
  }

  /** What this process has just written where `read` reads. */
  set(value: T): void {
    this.version += 1;
    this.pending = null;
    this.cached = { value, until: this.now() + this.ttlMs };
  }
}
