import { display, timings } from '@wallet/contract/constants';

/**
 * The wheel's geometry (the spec's states and constants and limits). Slice i covers the wheel angles
 * [i·a, (i+1)·a) degrees, a = 360 / count, clockwise from the top, where the pointer is. The
 * wheel turns clockwise by `rotation` degrees, so the pointer then shows the wheel angle
 * (360 − rotation) mod 360.
 */

/** The wheel's width: at most 350 px, 85% of the window at narrow widths. */
export function wheelSize(windowWidth: number): number {
  return Math.min(display.wheelMaxPx, Math.floor(windowWidth * display.wheelNarrowRatio));
}

export function sliceAngle(count: number): number {
  return 360 / count;
}

const mod360 = (degrees: number) => ((degrees % 360) + 360) % 360;

/** At rest the pointer shows the middle of the first slice, not a border. */
export function restRotation(count: number): number {
  return -sliceAngle(count) / 2;
}

/** The slice under the pointer when the wheel has turned `rotation` degrees. */
export function sliceAtRotation(rotation: number, count: number): number {
  const angle = mod360(360 - mod360(rotation));
  return Math.min(count - 1, Math.floor(angle / sliceAngle(count)));
}

/** One spin's animation: how long, how many full turns, where inside the slice it stops. */
export type SpinPlan = { durationMs: number; turns: number; offset: number };

/**
 * A plan drawn from `random` (0 ≤ random() < 1): 4 to 5 s, 2 or 3 full turns, and a stop
 * anywhere in the slice but its outer fifths, so the pointer never sits on a border.
 */
export function spinPlan(random: () => number = Math.random): SpinPlan {
  const { spinMinMs, spinMaxMs, spinMinTurns, spinMaxTurns } = timings;
  return {
    durationMs: spinMinMs + Math.round(random() * (spinMaxMs - spinMinMs)),
    turns: spinMinTurns + Math.floor(random() * (spinMaxTurns - spinMinTurns + 1)),
    offset: 0.2 + random() * 0.6,
  };
}

/**
 * Where a spin that starts at `from` degrees stops so that the pointer shows slice `index` at
 * `offset` (0–1) of its width: `turns` full turns and then on, clockwise, to that angle.
 */
export function stopRotation(
  from: number,
  index: number,
  count: number,
  plan: Pick<SpinPlan, 'turns' | 'offset'>,
): number {
  const target = mod360(360 - (index + plan.offset) * sliceAngle(count));
  return from + plan.turns * 360 + mod360(target - from);
}

/** Fast at first, slowing to a stop: the ease-out of a wheel let go. */
export function easeOut(progress: number): number {
  return 1 - (1 - progress) ** 3;
}
