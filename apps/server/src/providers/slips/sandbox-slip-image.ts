import { PNG } from 'pngjs';
import QRCode from 'qrcode';

const WIDTH = 480;
const HEIGHT = 720;
const QR_SIZE = 300;

type Colour = readonly [number, number, number];
const HEADER: Colour = [46, 125, 50];
const LINE: Colour = [214, 218, 222];
const PAPER: Colour = [255, 255, 255];

function fill(png: PNG, x: number, y: number, w: number, h: number, [r, g, b]: Colour) {
  for (let row = y; row < y + h; row++) {
    for (let col = x; col < x + w; col++) {
      const i = (row * png.width + col) * 4;
      png.data[i] = r;
      png.data[i + 1] = g;
      png.data[i + 2] = b;
      png.data[i + 3] = 255;
    }
  }
}

/**
 * A bank-app slip as the sandbox draws it: a white card with the bank's band, grey bars where
 * the app prints names and amounts, and the slip-verify mini-QR (`payload`) at the bottom. The
 * verifier reads only the QR, as a real one does; the rest is there so the picture looks like a
 * slip on a phone screen.
 */
export async function sandboxSlipImage(payload: string): Promise<Buffer> {
  const png = new PNG({ width: WIDTH, height: HEIGHT });
  fill(png, 0, 0, WIDTH, HEIGHT, PAPER);
  fill(png, 0, 0, WIDTH, 96, HEADER);
  const bars: [number, number][] = [
    [150, 220],
    [190, 300],
    [250, 180],
    [290, 260],
    [340, 140],
  ];
  for (const [y, w] of bars) fill(png, 40, y, w, 14, LINE);
  const qr = PNG.sync.read(
    await QRCode.toBuffer(payload, {
      type: 'png',
      width: QR_SIZE,
      margin: 2,
      errorCorrectionLevel: 'M',
    }),
  );
  const left = Math.floor((WIDTH - qr.width) / 2);
  const top = HEIGHT - qr.height - 30;
  PNG.bitblt(qr, png, 0, 0, qr.width, qr.height, left, top);
  return PNG.sync.write(png);
}
