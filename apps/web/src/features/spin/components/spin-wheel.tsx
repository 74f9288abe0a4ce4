import { Box, Text, UnstyledButton } from '@mantine/core';
import { timings } from '@wallet/contract/constants';
import type { Slice } from '@wallet/contract/spin';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { debounce } from '../../../lib/debounce';
import { restRotation, wheelSize } from '../wheel-geometry';
import classes from './spin-wheel.module.css';

const RIM = '#f5c542';

/** Draws the slices clockwise from the top, each label along its slice's middle, near the rim. */
function drawWheel(canvas: HTMLCanvasElement, slices: Slice[], size: number): void {
  const ratio = window.devicePixelRatio || 1;
  canvas.width = Math.round(size * ratio);
  canvas.height = Math.round(size * ratio);
  canvas.style.width = `${size}px`;
  canvas.style.height = `${size}px`;
  const ctx = canvas.getContext('2d');
  if (!ctx || slices.length === 0) return;
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.clearRect(0, 0, size, size);
  const centre = size / 2;
  const radius = centre - 4;
  const angle = (2 * Math.PI) / slices.length;
  const font = Math.max(11, Math.round(size * 0.046));
  slices.forEach((slice, i) => {
    const start = -Math.PI / 2 + i * angle;
    ctx.beginPath();
    ctx.moveTo(centre, centre);
    ctx.arc(centre, centre, radius, start, start + angle);
    ctx.closePath();
    ctx.fillStyle = slice.bgColor;
    ctx.fill();
    ctx.strokeStyle = 'rgba(8, 15, 36, 0.35)';
    ctx.lineWidth = 1.5;
    ctx.stroke();

    ctx.save();
    ctx.translate(centre, centre);
    ctx.rotate(start + angle / 2);
    ctx.fillStyle = slice.textColor;
    ctx.font = `700 ${font}px system-ui, sans-serif`;
    ctx.textAlign = 'right';
    ctx.textBaseline = 'middle';
    ctx.fillText(slice.label, radius - 12, 0, radius * 0.62);
    ctx.restore();
  });
  ctx.beginPath();
  ctx.arc(centre, centre, radius, 0, 2 * Math.PI);
  ctx.strokeStyle = RIM;
  ctx.lineWidth = 5;
  ctx.stroke();
}

/**
 * The wheel's width for its place: 85% of the window up to 350 px, never wider than its box
 * (the spin modal), set up again 500 ms after the window stops resizing (the spec's constants and limits).
 * The window is the one the wheel is drawn in: the back office's preview draws it in a phone's frame.
 */
function useWheelWidth(box: RefObject<HTMLElement | null>): number | null {
  const [size, setSize] = useState<number | null>(null);
  useEffect(() => {
    const view = box.current?.ownerDocument.defaultView ?? window;
    const measure = () => {
      const room = box.current?.clientWidth || view.innerWidth;
      setSize(Math.min(wheelSize(view.innerWidth), room));
    };
    measure();
    const onResize = debounce(measure, timings.wheelResizeDebounceMs);
    view.addEventListener('resize', onResize.call);
    return () => {
      view.removeEventListener('resize', onResize.call);
      onResize.cancel();
    };
  }, [box]);
  return size;
}

type SpinWheelProps = {
  /** The canvas, which the spin animation turns. */
  canvasRef: RefObject<HTMLCanvasElement | null>;
  name: string;
  slices: Slice[];
  coins: number;
  spinning: boolean;
  onSpin: () => void;
};

/**
 * The wheel on a canvas, turned by its `ref` (the spin animation sets its transform), a fixed
 * pointer at the top, and the centre button with the coins left: grey and inert at zero coins,
 * and doing nothing while the wheel turns (the spec's screens and states).
 */
export function SpinWheel({ canvasRef, name, slices, coins, spinning, onSpin }: SpinWheelProps) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const size = useWheelWidth(box);

  useEffect(() => {
    if (canvasRef.current && size) drawWheel(canvasRef.current, slices, size);
  }, [canvasRef, slices, size]);

  const empty = coins <= 0;
  return (
    <div ref={box} className={classes.box}>
      {size !== null && (
        <Box className={classes.wheel} style={{ width: size, height: size }}>
          <div className={classes.disc}>
            <canvas
              ref={canvasRef}
              className={classes.canvas}
              role="img"
              aria-label={`${name}: ${slices.map((s) => s.label).join(', ')}`}
              data-testid="spin-wheel"
              data-spinning={spinning || undefined}
              // Only the first render sets it: from then on the spin animation turns the wheel.
              style={{ transform: `rotate(${restRotation(slices.length)}deg)` }}
            />
          </div>
          <div className={classes.pointer} aria-hidden />
          <UnstyledButton
            className={classes.hub}
            data-empty={empty || undefined}
            disabled={empty}
            aria-disabled={empty || spinning}
            // What it shows (the coins, the word) starts its name (WCAG 2.5.3, label in name).
            aria-label={`${coins} ${t('spin.spin')}: ${t('spin.spinButton', { count: coins })}`}
            onClick={() => {
              if (!empty && !spinning) onSpin();
            }}
            style={{ width: size * 0.28, height: size * 0.28 }}
          >
            <Text fw={800} fz={size * 0.075} lh={1} data-testid="spin-coins">
              {coins}
            </Text>
            {/* Read as two words, as its name has them ("5 SPIN", not "5SPIN"). */}{' '}
            <Text fw={700} fz={size * 0.036} lh={1.2} tt="uppercase">
              {t('spin.spin')}
            </Text>
          </UnstyledButton>
        </Box>
      )}
    </div>
  );
}
