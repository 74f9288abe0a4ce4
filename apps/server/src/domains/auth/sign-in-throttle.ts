import { isIP } from 'node:net';
import type { Config } from '../../config';
import type { CounterStore } from '../../lib/counter-store';
import { waitRefusal } from '../../lib/domain-error';

export type SignInLimits = {
  /** Failures of one account from one address before that address is locked out of it. */
  maxFailures: number;
  /** The window of `maxFailures`, which is also the longest delay. */
  windowMinutes: number;
  /** Failures of one account from all addresses in an hour before the delays begin. */
  accountMaxFailuresPerHour: number;
};

/** The sign-in limits of members and staff, from the configuration. */
export function signInLimitsOf(limits: Config['rateLimits']): SignInLimits {
  return {
    maxFailures: limits.loginMaxFailures,
    windowMinutes: limits.loginFailureWindowMinutes,
    accountMaxFailuresPerHour: limits.loginAccountMaxFailuresPerHour,
  };
}

/** How long an address a member signed in from counts as theirs. */
const KNOWN_ADDRESS_MS = 30 * 24 * 3_600_000;
/** The first delay past the account's hourly limit; each further failure doubles it. */
const FIRST_DELAY_MS = 1000;

/**
 * Failed sign-ins (docs/decisions/0053-sign-in-limits.md), for members and staff alike:
 * - per (account, address), tight: `maxFailures` in `windowMinutes` lock that address out of
 *   that account, so an attacker's address cannot lock the member's out (issue 30);
 * - per account, loose: past `accountMaxFailuresPerHour` from all addresses together, every
 *   further failure makes the account wait 1 s, 2 s, 4 s … (at most `windowMinutes`) before
 *   the next try from an address it has not signed in from. A guesser spread over many
 *   addresses is slowed; the member's own known addresses are not held up.
 * Every refusal says the real wait, in its message and its Retry-After header.
 */
export class SignInThrottle {
  constructor(
    private readonly counters: CounterStore,
    /** Keeps members' and staff's counters apart: 'login' or 'staff-login'. */
    private readonly scope: string,
    private readonly limits: SignInLimits,
  ) {}

  /**
   * Before the password is checked. The attempt counts against the address at once, so
   * parallel guesses cannot slip past the limit; a success takes it back (`succeeded`).
   */
  async admit(account: string, ip: string): Promise<void> {
    const { counters, limits } = this;
    const keys = this.keys(account, ip);
    if ((await counters.read(keys.known)) === 0) {
      const delayMs = await counters.remainingMs(keys.delay);
      // Checked before counting, so a member who waits out a delay loses no tries to it.
      if (delayMs > 0) throw waitRefusal('REQUEST_LIMIT_1MIN', delayMs);
    }
    const attempts = await counters.increment(keys.pair, limits.windowMinutes * 60_000);
    if (attempts > limits.maxFailures) {
      throw waitRefusal('REQUEST_LIMIT_1MIN', await counters.remainingMs(keys.pair));
    }
  }

  /** A wrong password or an unknown account. */
  async failed(account: string, ip: string): Promise<void> {
    const { counters, limits } = this;
    const keys = this.keys(account, ip);
    const failures = await counters.increment(keys.account, 3_600_000);
    const beyond = failures - limits.accountMaxFailuresPerHour;
    if (beyond <= 0) return;
    const delayMs = Math.min(FIRST_DELAY_MS * 2 ** (beyond - 1), limits.windowMinutes * 60_000);
    // The delay runs from this failure: a new window replaces what was left of the last one.
    await counters.reset(keys.delay);
    await counters.increment(keys.delay, delayMs);
  }

  /** The right password: the address's failures are forgiven and the address is known. */
  async succeeded(account: string, ip: string): Promise<void> {
    const keys = this.keys(account, ip);
    await this.counters.reset(keys.pair);
    await this.counters.increment(keys.known, KNOWN_ADDRESS_MS);
  }

  /**
   * Staff clear a member's lock (the back office): the account's failures and delay, and the
   * failures from each of `addresses` (those the failures came from).
   */
  async clear(account: string, addresses: string[]): Promise<void> {
    const { counters } = this;
    const { account: failures, delay } = this.keys(account, '');
    await counters.reset(failures);
    await counters.reset(delay);
    for (const ip of addresses) await counters.reset(this.keys(account, ip).pair);
  }

  private keys(account: string, ip: string) {
    const address = networkOf(ip);
    return {
      pair: `${this.scope}-failures:${account}|${address}`,
      known: `${this.scope}-known:${account}|${address}`,
      account: `${this.scope}-account-failures:${account}`,
      delay: `${this.scope}-delay:${account}`,
    };
  }
}

/**
 * The address a limit counts: an IPv4 address as it is, an IPv6 address by its /64, which
 * one subscriber gets whole and can change its last 64 bits at will.
 */
export function networkOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  const bare = ip.split('%')[0] ?? ip;
  if (isIP(bare) !== 6) return ip;
  const [head = '', tail] = bare.split('::');
  const front = head ? head.split(':') : [];
  const back = tail ? tail.split(':') : [];
  const groups =
    tail === undefined
      ? front
      : [...front, ...Array(8 - front.length - back.length).fill('0'), ...back];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}
