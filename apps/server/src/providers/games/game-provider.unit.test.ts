import { describe, expect, it } from 'vitest';
import { CallDeadline, callProvider, ProviderRefusal, ProviderTimeout } from './game-provider';

describe('CallDeadline', () => {
  it('tells its listeners, and those that come later, why the call was aborted', () => {
    const deadline = new CallDeadline();
    const heard: unknown[] = [];
    deadline.onAbort((reason) => heard.push(['early', reason]));
    const reason = new ProviderTimeout('too slow');
    deadline.abort(reason);
    deadline.abort(new Error('a second abort changes nothing'));
    deadline.onAbort((why) => heard.push(['late', why]));
    expect(deadline.passed).toBe(true);
    expect(deadline.reason).toBe(reason);
    expect(heard).toEqual([
      ['early', reason],
      ['late', reason],
    ]);
  });

  it('aborts the signal an adapter took before the deadline passed', () => {
    const deadline = new CallDeadline();
    const signal = deadline.signal;
    expect(signal.aborted).toBe(false);
    const reason = new ProviderTimeout('too slow');
    deadline.abort(reason);
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toBe(reason);
  });

  it('gives an adapter that asks after the deadline passed a signal already aborted', () => {
    const deadline = new CallDeadline();
    const reason = new ProviderTimeout('too slow');
    deadline.abort(reason);
    expect(deadline.signal.aborted).toBe(true);
    expect(deadline.signal.reason).toBe(reason);
  });
});

describe('callProvider', () => {
  it('answers ok with the value of a call that finishes in time', async () => {
    await expect(callProvider(1_000, async () => 42)).resolves.toEqual({ kind: 'ok', value: 42 });
  });

  it('answers refused for a definite no, and unknown for any other failure', async () => {
    const refusal = new ProviderRefusal('no such account');
    await expect(
      callProvider(1_000, async () => {
        throw refusal;
      }),
    ).resolves.toEqual({ kind: 'refused', error: refusal });
    const lost = new Error('connection reset');
    await expect(
      callProvider(1_000, async () => {
        throw lost;
      }),
    ).resolves.toEqual({ kind: 'unknown', error: lost });
  });

  it('gives up on a call that does not answer in time and aborts it', async () => {
    let aborted: unknown;
    const outcome = await callProvider(20, (deadline) => {
      deadline.onAbort((reason) => {
        aborted = reason;
      });
      return new Promise<never>(() => {});
    });
    expect(outcome.kind).toBe('unknown');
    expect(outcome.kind === 'unknown' && outcome.error).toBeInstanceOf(ProviderTimeout);
    expect(aborted).toBeInstanceOf(ProviderTimeout);
  });

  it('tells its meter how each call ended and how long it took', async () => {
    const seen: [string, number][] = [];
    const meter = (outcome: string, seconds: number) => seen.push([outcome, seconds]);
    await callProvider(1_000, async () => 'fine', meter);
    await callProvider(
      1_000,
      async () => {
        throw new ProviderRefusal('no');
      },
      meter,
    );
    await callProvider(
      1_000,
      async () => {
        throw new Error('answer lost');
      },
      meter,
    );
    await callProvider(20, () => new Promise<never>(() => {}), meter);
    expect(seen.map(([outcome]) => outcome)).toEqual(['ok', 'fail', 'fail', 'timeout']);
    expect(seen[3]?.[1]).toBeGreaterThanOrEqual(0.015);
    expect(seen.every(([, seconds]) => seconds >= 0 && seconds < 1)).toBe(true);
  });
});
