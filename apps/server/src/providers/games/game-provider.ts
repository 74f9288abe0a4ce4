/**
 * A game provider as our code sees it (docs/decisions/0031-game-providers.md). A real
 * integration implements this interface; the sandbox one stands for all 16 codes. Every call
 * takes an AbortSignal: the caller gives each provider its own time-out.
 */
export interface GameProvider {
  readonly code: string;
  /** Opens an account; idempotent on `username` (a retried activation finds the same one). */
  createAccount(username: string, signal: AbortSignal): Promise<GameCredentials>;
  credentials(username: string, signal: AbortSignal): Promise<GameCredentials>;
  resetPassword(username: string, signal: AbortSignal): Promise<GameCredentials>;
  /** The balance at the provider, in minor units. */
  balance(username: string, signal: AbortSignal): Promise<number>;
  /**
   * Moves money in (deposit) or out (withdraw) under OUR reference: the provider applies one
   * reference once, so a retry after a lost answer cannot move the money twice.
   */
  deposit(username: string, amount: number, ref: string, signal: AbortSignal): Promise<void>;
  withdraw(username: string, amount: number, ref: string, signal: AbortSignal): Promise<void>;
  /** What became of a reference: the reconciler's question after an unknown outcome. */
  status(ref: string, signal: AbortSignal): Promise<'completed' | 'not_found'>;
  /** A link that opens the game already signed in. */
  launchLink(username: string, signal: AbortSignal): Promise<string>;
  /** Rounds played after round `afterId`, oldest first (game results, refunds, turnover). */
  betHistory(username: string, afterId: number, signal: AbortSignal): Promise<GameRound[]>;
}

export type GameCredentials = { username: string; password: string };
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
 * Runs one provider call under its own deadline: when it passes, the call is aborted and the
 * outcome is unknown, whatever the provider does afterwards.
 */
export async function callProvider<T>(
  timeoutMs: number,
  call: (signal: AbortSignal) => Promise<T>,
): Promise<ProviderOutcome<T>> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new ProviderTimeout(`provider did not answer within ${timeoutMs} ms`);
      controller.abort(error);
      reject(error);
    }, timeoutMs);
  });
  try {
    const value = await Promise.race([call(controller.signal), deadline]);
    return { kind: 'ok', value };
  } catch (error) {
    if (error instanceof ProviderRefusal) return { kind: 'refused', error };
    return { kind: 'unknown', error };
  } finally {
    clearTimeout(timer);
  }
}
