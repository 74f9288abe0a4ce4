/**
 * A value read from somewhere slow and trusted for `ttlMs`: one read per period however many
 * callers ask, and callers that arrive while a read is on its way share it.
 */
export class ExpiringValue<T> {
  private cached: { value: T; until: number } | null = null;
  private pending: Promise<T> | null = null;

  constructor(
    private readonly read: () => Promise<T>,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(): Promise<T> {
    if (this.cached && this.cached.until > this.now()) return Promise.resolve(this.cached.value);
    this.pending ??= this.read()
      .then((value) => {
        this.cached = { value, until: this.now() + this.ttlMs };
        return value;
      })
      .finally(() => {
        this.pending = null;
      });
    return this.pending;
  }
}
