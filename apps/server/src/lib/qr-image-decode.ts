import jpeg from 'jpeg-js';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

/**
 * The largest picture decoded, in megapixels: a phone's slip is 2 to 3 MP, a photo 12 to 50.
 * A few kilobytes of PNG or JPEG can claim a huge picture (a decompression bomb), so the size
 * is read from the header before anything is decoded.
 */
export const MAX_IMAGE_MEGAPIXELS = 25;

export type QrReading =
  | { kind: 'qr'; text: string }
  /** The picture decodes, but holds no QR code jsQR can read. */
  | { kind: 'none' }
  /** More pixels than MAX_IMAGE_MEGAPIXELS. */
  | { kind: 'too-large' }
  /** Not a PNG or JPEG that decodes (truncated, corrupt). */
  | { kind: 'unreadable' };

type Pixels = { data: Uint8Array; width: number; height: number };

/** Reads the QR code out of a PNG or JPEG picture, pure JavaScript (pngjs, jpeg-js, jsQR). */
export function readQrCode(image: Buffer, contentType: 'image/png' | 'image/jpeg'): QrReading {
  let pixels: Pixels | 'too-large';
  try {
    pixels = contentType === 'image/png' ? decodePng(image) : decodeJpeg(image);
  } catch {
    return { kind: 'unreadable' };
  }
  if (pixels === 'too-large') return { kind: 'too-large' };
  const { data, width, height } = pixels;
  const clamped = new Uint8ClampedArray(data.buffer, data.byteOffset, width * height * 4);
  const code = jsQR(clamped, width, height, { inversionAttempts: 'attemptBoth' });
  return code?.data ? { kind: 'qr', text: code.data } : { kind: 'none' };
}

function tooLarge(width: number, height: number): boolean {
  return width * height > MAX_IMAGE_MEGAPIXELS * 1_000_000;
}

function decodePng(image: Buffer): Pixels | 'too-large' {
  // The IHDR chunk comes first: 8 bytes of signature, its length and type, then width, height.
  if (image.length < 24 || image.toString('latin1', 12, 16) !== 'IHDR') throw new Error('no IHDR');
  if (tooLarge(image.readUInt32BE(16), image.readUInt32BE(20))) return 'too-large';
  const png = PNG.sync.read(image);
  return { data: png.data, width: png.width, height: png.height };
}

function decodeJpeg(image: Buffer): Pixels | 'too-large' {
  try {
    return jpeg.decode(image, {
      useTArray: true,
      formatAsRGBA: true,
      maxResolutionInMP: MAX_IMAGE_MEGAPIXELS,
      maxMemoryUsageInMB: 512,
    });
  } catch (error) {
    // jpeg-js checks the frame header against the limit before it allocates.
    if (error instanceof Error && /maxResolutionInMP|maxMemoryUsage/.test(error.message)) {
      return 'too-large';
    }
    throw error;
  }
}
