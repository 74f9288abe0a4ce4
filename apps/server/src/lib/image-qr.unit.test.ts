import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { generate, validate } from 'promptparse';
import { describe, expect, it } from 'vitest';
import { sandboxSlipImage } from '../providers/slips/sandbox-slip-image';
import { MAX_IMAGE_MEGAPIXELS, readQrCode, readQrCodeOffThread } from './image-qr';
import { scaledDown } from './qr-image-decode';

const payload = generate.slipVerify({ sendingBank: '014', transRef: '20261125ABCDEFGHJKLM' });

describe('reading the QR code of a picture', () => {
  it("reads the sandbox slip's mini-QR from its PNG, which promptparse parses", async () => {
    const reading = readQrCode(await sandboxSlipImage(payload), 'image/png');
    expect(reading).toEqual({ kind: 'qr', text: payload });
    expect(validate.slipVerify(payload)).toEqual({
      sendingBank: '014',
      transRef: '20261125ABCDEFGHJKLM',
    });
  });

  it('reads the same slip saved as a JPEG', async () => {
    const png = PNG.sync.read(await sandboxSlipImage(payload));
    const photo = jpeg.encode({ data: png.data, width: png.width, height: png.height }, 90).data;
    expect(readQrCode(Buffer.from(photo), 'image/jpeg')).toEqual({ kind: 'qr', text: payload });
  });

  it('finds no QR in a blank picture', () => {
    const png = new PNG({ width: 120, height: 160 });
    png.data.fill(255);
    expect(readQrCode(PNG.sync.write(png), 'image/png')).toEqual({ kind: 'none' });
  });

  it('refuses a picture that claims more pixels than the limit before decoding it', () => {
    // A real header of a 1×1 PNG, its size rewritten to 20000×20000: decoding would take 1.6 GB.
    const png = PNG.sync.write(new PNG({ width: 1, height: 1 }));
    png.writeUInt32BE(20_000, 16);
    png.writeUInt32BE(20_000, 20);
    expect(20_000 * 20_000).toBeGreaterThan(MAX_IMAGE_MEGAPIXELS * 1_000_000);
    expect(readQrCode(png, 'image/png')).toEqual({ kind: 'too-large' });
  });

  it('refuses a real 25-megapixel PNG of a few kilobytes from its header, at once', () => {
    const bomb = PNG.sync.write(new PNG({ width: 5000, height: 5000 }), { deflateLevel: 9 });
    expect(bomb.length).toBeLessThan(200_000);
    const started = performance.now();
    expect(readQrCode(bomb, 'image/png')).toEqual({ kind: 'too-large' });
    expect(performance.now() - started).toBeLessThan(100);
  });

  it('refuses a JPEG above the limit from its header', () => {
    // An 8-bit baseline JPEG of 4000×3000 (12 MP): its frame header is all that is read.
    const small = jpeg.encode({ data: Buffer.alloc(8 * 8 * 4, 255), width: 8, height: 8 }, 50).data;
    const sof = small.indexOf(Buffer.from([0xff, 0xc0]));
    small.writeUInt16BE(3000, sof + 5);
    small.writeUInt16BE(4000, sof + 7);
    expect(readQrCode(Buffer.from(small), 'image/jpeg')).toEqual({ kind: 'too-large' });
  });

  it('reads the QR of a large picture within the limit after scaling it down', async () => {
    // The sandbox slip blown up 4 times in each direction, nearest neighbour.
    const slip = PNG.sync.read(await sandboxSlipImage(payload));
    const k = 4;
    const big = new PNG({ width: slip.width * k, height: slip.height * k });
    for (let y = 0; y < big.height; y++) {
      for (let x = 0; x < big.width; x++) {
        const from = (Math.floor(y / k) * slip.width + Math.floor(x / k)) * 4;
        slip.data.copy(big.data, (y * big.width + x) * 4, from, from + 4);
      }
    }
    expect(big.width * big.height).toBeGreaterThan(3_000_000);
    expect(big.width * big.height).toBeLessThanOrEqual(MAX_IMAGE_MEGAPIXELS * 1_000_000);
    expect(readQrCode(PNG.sync.write(big), 'image/png')).toEqual({ kind: 'qr', text: payload });
  });

  it('scales a picture above 3 MP down by a whole factor, each pixel the mean of its box', () => {
    const width = 4000;
    const height = 2000;
    const data = new Uint8Array(width * height * 4);
    // Alternating black and white columns average to mid grey.
    for (let i = 0; i < width * height; i++) data.fill(i % 2 === 0 ? 0 : 254, i * 4, i * 4 + 4);
    const small = scaledDown({ data, width, height });
    expect(small.width * small.height).toBeLessThanOrEqual(3_000_000);
    expect(small).toMatchObject({ width: 2000, height: 1000 });
    expect([...small.data.subarray(0, 4)]).toEqual([127, 127, 127, 127]);
    const slip = { data: new Uint8Array(1080 * 2340 * 4), width: 1080, height: 2340 };
    expect(scaledDown(slip)).toBe(slip);
  });

  it('answers unreadable for bytes that do not decode', () => {
    expect(readQrCode(Buffer.from('not a picture'), 'image/png')).toEqual({ kind: 'unreadable' });
    expect(readQrCode(Buffer.from([0xff, 0xd8, 0xff, 0x00]), 'image/jpeg')).toEqual({
      kind: 'unreadable',
    });
  });
});

describe('reading off the main thread', () => {
  it('reads a slip in a worker thread', async () => {
    const image = await sandboxSlipImage(payload);
    expect(await readQrCodeOffThread(image, 'image/png', 10_000)).toEqual({
      kind: 'qr',
      text: payload,
    });
  });

  it('gives up on a picture that takes too long, and the main thread keeps running meanwhile', async () => {
    // A noisy 4-megapixel picture: jsQR searches it for seconds.
    const png = new PNG({ width: 2000, height: 2000 });
    for (let i = 0; i < png.data.length; i += 4) {
      const v = (i * 7919) % 255;
      png.data.fill(v, i, i + 3);
      png.data[i + 3] = 255;
    }
    const image = PNG.sync.write(png);
    let ticks = 0;
    const ticking = setInterval(() => {
      ticks += 1;
    }, 20);
    const started = Date.now();
    const reading = await readQrCodeOffThread(image, 'image/png', 400);
    clearInterval(ticking);
    expect(reading).toEqual({ kind: 'unreadable' });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(ticks).toBeGreaterThanOrEqual(5);
  });
});
