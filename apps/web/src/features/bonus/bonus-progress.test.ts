import { describe, expect, it } from 'vitest';
import { noticeText, turnoverProgress } from './bonus-progress';

describe('turnoverProgress', () => {
  it('says how far the bets have come and what is still needed', () => {
    expect(turnoverProgress({ turnoverDone: 400, turnoverTarget: 1650 })).toEqual({
      percent: (400 / 1650) * 100,
      remaining: 1250,
    });
  });

  it('counts the remainder in satang, so decimals do not drift', () => {
    expect(turnoverProgress({ turnoverDone: 1000.1, turnoverTarget: 1500.3 }).remaining).toBe(
      500.2,
    );
  });

  it('stops at a full bar with nothing left once the target is passed', () => {
    expect(turnoverProgress({ turnoverDone: 2000, turnoverTarget: 1650 })).toEqual({
      percent: 100,
      remaining: 0,
    });
  });

  it('shows an empty bar while there is no target yet (the bonus waits for its deposit)', () => {
    expect(turnoverProgress({ turnoverDone: 0, turnoverTarget: 0 })).toEqual({
      percent: 0,
      remaining: 0,
    });
  });
});

describe('noticeText', () => {
  it("puts the bonus's percentage in every %percentFail%", () => {
    expect(noticeText('Below %percentFail%% ends it; %percentFail%% is the line.', 10)).toBe(
      'Below 10% ends it; 10% is the line.',
    );
  });

  it('leaves a notice without the placeholder as it is', () => {
    expect(noticeText('Finish the bonus before the next deposit.', 10)).toBe(
      'Finish the bonus before the next deposit.',
    );
  });
});
