import { randomInt } from 'node:crypto';

/** A draw of a whole number in [0, max): `crypto.randomInt` in the service, fixed in tests. */
export type Draw = (max: number) => number;

/**
 * Picks one entry with odds proportional to its weight (docs/promotions.md): the draw falls in
 * [0, total weight) and the entry whose running range holds it wins, so a weight of 0 never wins
 * and weights 1 and 3 win a quarter and three quarters of the time. `null` when nothing has
 * weight (the wheel has nothing to give). `crypto.randomInt` is uniform (no modulo bias) and
 * unpredictable, so a member cannot steer the wheel by timing their spins.
 */
export function pickWeighted<T extends { weight: number }>(
  entries: readonly T[],
  draw: Draw = randomInt,
): T | null {
  const total = entries.reduce((sum, entry) => sum + Math.max(0, entry.weight), 0);
  if (total <= 0) return null;
  let point = draw(total);
  for (const entry of entries) {
    const weight = Math.max(0, entry.weight);
    if (point < weight) return entry;
    point -= weight;
  }
  return null;
}
