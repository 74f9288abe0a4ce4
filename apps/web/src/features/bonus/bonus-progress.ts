import type { BonusProgress } from '@wallet/contract/bonus';

export type TurnoverProgress = {
  /** 0 to 100, for the progress bar. */
  percent: number;
  /** What the bets must still add before the bonus becomes cash (never below 0). */
  remaining: number;
};

/**
 * The turnover bar of the running bonus. The amounts are baht with two decimals, so the
 * difference is taken in satang: 1500.3 − 1000.1 would otherwise print as 500.1999….
 */
export function turnoverProgress(
  progress: Pick<BonusProgress, 'turnoverDone' | 'turnoverTarget'>,
): TurnoverProgress {
  const done = Math.round(progress.turnoverDone * 100);
  const target = Math.round(progress.turnoverTarget * 100);
  if (target <= 0) return { percent: 0, remaining: 0 };
  return {
    percent: Math.min(100, Math.max(0, (done / target) * 100)),
    remaining: Math.max(0, target - done) / 100,
  };
}

/** The spec's calls: the notice's `%percentFail%` becomes the bonus's percentage. */
export function noticeText(notice: string, percentFail: number): string {
  return notice.replaceAll('%percentFail%', String(percentFail));
}
