import type { Slice, Spinwheel } from '@wallet/contract/spin';
import { useEffect, useRef, useState } from 'react';
import { useIdempotentAction } from '../../lib/idempotency';
import { queryClient, refreshMoneyViews } from '../../lib/query-client';
import { queryKeys } from '../../lib/query-keys';
import { useSpin } from './api/spin';
import { showSpinError } from './spin-error';
import { easeOut, restRotation, spinPlan, stopRotation } from './wheel-geometry';

/** What the prize modal shows: the slice the wheel stopped on. */
export type Prize = Pick<Slice, 'label' | 'htmlDescription' | 'bgColor' | 'textColor'>;

/** Turns the canvas from `from` to `to` degrees, easing out; ends early if it goes away. */
function turn(canvas: HTMLCanvasElement | null, from: number, to: number, durationMs: number) {
  return new Promise<void>((resolve) => {
    if (!canvas) return resolve();
    const begin = performance.now();
    const frame = (now: number) => {
      const progress = Math.min(1, (now - begin) / durationMs);
      canvas.style.transform = `rotate(${from + (to - from) * easeOut(progress)}deg)`;
      if (progress < 1 && canvas.isConnected) requestAnimationFrame(frame);
      else resolve();
    };
    requestAnimationFrame(frame);
  });
}

/**
 * The spin of the spec's states: idle → spinning → prize modal. The server chooses the slice
 * and spends the coin first; the wheel then turns 2 or 3 times in 4 to 5 s and stops inside
 * that slice. Nothing happens while it turns or without a wheel. Closing the prize modal reads
 * the wheel again.
 */
export function useWheelSpin(wheel: Spinwheel | null, userCoin: number) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  // Where the wheel stands; null until its first spin, at rest (SpinWheel draws it there).
  const rotation = useRef<number | null>(null);
  const mounted = useRef(true);
  const [spinning, setSpinning] = useState(false);
  const [prize, setPrize] = useState<Prize | null>(null);
  const [coinsLeft, setCoinsLeft] = useState<number | null>(null);
  const spin = useSpin();
  const idempotent = useIdempotentAction();

  // Another wheel (a reload with other slices) stands at its own rest.
  const count = wheel?.slice.length ?? 0;
  useEffect(() => {
    if (count > 0) rotation.current = null;
  }, [count]);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const start = async () => {
    if (!wheel || spinning) return;
    setSpinning(true);
    try {
      const answer = await idempotent({}, (key) => spin.mutateAsync(key));
      const { code, label, remainingCoin } = answer.result;
      setCoinsLeft(remainingCoin);
      const index = wheel.slice.findIndex((slice) => slice.code === code);
      const plan = spinPlan();
      const from = rotation.current ?? restRotation(wheel.slice.length);
      const to = stopRotation(from, Math.max(index, 0), wheel.slice.length, plan);
      await turn(canvasRef.current, from, to, plan.durationMs);
      rotation.current = to;
      // The new coupon, and the coins on the home's wallet card.
      void queryClient.invalidateQueries({ queryKey: queryKeys.spin.coupons() });
      void refreshMoneyViews();
      if (mounted.current) {
        const won = wheel.slice[index];
        setPrize(won ?? { label, htmlDescription: '', bgColor: '#f5c542', textColor: '#1f1300' });
      }
    } catch (error) {
      showSpinError(error);
    } finally {
      if (mounted.current) setSpinning(false);
    }
  };

  const closePrize = async () => {
    setPrize(null);
    await queryClient.invalidateQueries({ queryKey: queryKeys.spin.setup() });
    if (mounted.current) setCoinsLeft(null);
  };

  return { canvasRef, spinning, prize, coins: coinsLeft ?? userCoin, start, closePrize };
}
