import { type ProviderMeter, secondsSince } from '../../lib/metrics';

/**
 * A game provider as our code sees it (docs/decisions/0031-game-providers.md). A real
 * integration implements this interface; the sandbox one stands for all 16 codes. Every call
 * takes a CallDeadline: the caller gives each provider its own time-out.
 */
export interface GameProvider {
  readonly code: string;
  /**
   * Opens an account holding `currency`; idempotent on `username` (a retried activation finds
   * the same one). The provider keeps each account in the currency it was opened in (issue 30).
   */
  createAccount(
    username: string,
    currency: string,
    deadline: CallDeadline,
  ): Promise<GameCredentials>;
  credentials(username: string, deadline: CallDeadline): Promise<GameCredentials>;
  resetPassword(username: string, deadline: CallDeadline): Promise<GameCredentials>;
  /** The balance at the provider, in minor units. */
  balance(username: string, deadline: CallDeadline): Promise<number>;
  /**
   * Moves money in (deposit) or out (withdraw) under OUR reference: the provider applies one
   * reference once, so a retry after a lost answer cannot move the money twice. `money` names
   * the amount's currency: a provider refuses it for an account in another currency, so a kip
   * member's 100,000 never lands as 100,000 baht (issue 30).
   */
  deposit(username: string, money: GameMoney, ref: string, deadline: CallDeadline): Promise<void>;
  withdraw(username: string, money: GameMoney, ref: string, deadline: CallDeadline): Promise<void>;
  /** What became of a reference: the reconciler's question after an unknown outcome. */
  status(ref: string, deadline: CallDeadline): Promise<'completed' | 'not_found'>;
  /** A link that opens the game already signed in. */
  launchLink(username: string, deadline: CallDeadline): Promise<string>;
  /** Rounds played after round `afterId`, oldest first (game results, refunds, turnover). */
  betHistory(username: string, afterId: number, deadline: CallDeadline): Promise<GameRound[]>;
}

export type GameCredentials = { username: string; password: string };
/** An amount in minor units of `currency`. */
export type GameMoney = { amount: number; currency: string };
export type GameRound = { id: number; bet: number; win: number; playedAt: Date };

/**
 * A provider's definite "no": nothing happened there. Any other failure (a time-out, a dropped
 * connection, a 5xx) leaves the outcome unknown and money calls stay pending until reconciled.
 */
export class ProviderRefusal extends Error {
  override name = 'ProviderRefusal';
}

export class ProviderTimeout extends Error {
  override name = 'ProviderTimeout';
}

export type ProviderOutcome<T> =
  | { kind: 'ok'; value: T }
  | { kind: 'refused'; error: Error }
  | { kind: 'unknown'; error: unknown };

/**
 * The time-out of one provider call, as the adapter sees it. An adapter that calls out over the
 * network hands `signal` to its request (fetch, undici), which aborts it when the time is up;
 * `onAbort` serves anything else. The AbortSignal is made only when an adapter asks for it: on
 * Node 20 every AbortSignal gets a hidden class of its own, old-generation garbage that the
 * money path paid on every provider call (docs/performance.md, "Hidden classes").
 */
export class CallDeadline {
  #controller: AbortController | undefined;
  #listeners: ((reason: unknown) => void)[] | undefined;
  #passed = false;
  #reason: unknown;

  get passed(): boolean {
    return this.#passed;
  }

  /** What the call was aborted with (a ProviderTimeout), once it has passed. */
  get reason(): unknown {
    return this.#reason;
  }

  get signal(): AbortSignal {
    if (!this.#controller) {
      this.#controller = new AbortController();
      if (this.#passed) this.#controller.abort(this.#reason);
    }
    return this.#controller.signal;
  }

  /** Calls `listener` with the reason once the deadline passes; at once if it has. */
  onAbort(listener: (reason: unknown) => void): void {
    if (this.#passed) {
      listener(this.#reason);
      return;
    }
    this.#listeners ??= [];
    this.#listeners.push(listener);
  }

  /** A promise that rejects with the reason once the deadline passes: a call that never answers. */
  expired(): Promise<never> {
    return new Promise((_, reject) => this.onAbort(reject));
  }

  abort(reason: unknown): void {
    if (this.#passed) return;
    this.#passed = true;
    this.#reason = reason;
    this.#controller?.abort(reason);
    for (const listener of this.#listeners ?? []) listener(reason);
    this.#listeners = undefined;
  }
}

/**
 * Runs one provider call under its own deadline: when it passes, the call is aborted and the
 * outcome is unknown, whatever the provider does afterwards. `meter` records how it ended.
 */
export async function callProvider<T>(
  timeoutMs: number,
  call: (deadline: CallDeadline) => Promise<T>,
  meter?: ProviderMeter,
): Promise<ProviderOutcome<T>> {
  const deadline = new CallDeadline();
  const expired = deadline.expired();
  const startedAt = performance.now();
  const timer = setTimeout(
    () => deadline.abort(new ProviderTimeout(`provider did not answer within ${timeoutMs} ms`)),
    timeoutMs,
  );
  let outcome: ProviderOutcome<T>;
  try {
    outcome = { kind: 'ok', value: await Promise.race([call(deadline), expired]) };
  } catch (error) {
    outcome =
      error instanceof ProviderRefusal ? { kind: 'refused', error } : { kind: 'unknown', error };
  } finally {
    clearTimeout(timer);
  }
  const ended = outcome.kind === 'ok' ? 'ok' : deadline.passed ? 'timeout' : 'fail';
  meter?.(ended, secondsSince(startedAt));
  return outcome;
}
