import { imageSize } from 'image-size';
import jpeg from 'jpeg-js';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

/**
 * The largest picture decoded, in megapixels: a phone's slip is 2 to 3 MP, a photo of one 12
 * or more. A few kilobytes of PNG or JPEG can claim a huge picture (a decompression bomb: a
 * 97 KB PNG of 25 MP took 6 s of CPU and 430 MB to read), so the size is read from the header
 * (image-size) before anything is decoded, here and at upload (domains/slip). Decoding needs
 * width × height × 4 bytes of RGBA, so this also bounds the memory: 10 MP is 40 MB.
 */
export const MAX_IMAGE_MEGAPIXELS = 10;
const MAX_PIXELS = MAX_IMAGE_MEGAPIXELS * 1_000_000;

/**
 * Pictures above this many pixels are scaled down before the QR search, whose time grows with
 * the pixels (a phone's slip, up to about 3 MP, is read as it is; a slip's QR stays readable).
 */
const QR_SEARCH_PIXELS = 3_000_000;

/** A picture's width and height from its header, without decoding it; null if unreadable. */
export function imageDimensions(image: Uint8Array): { width: number; height: number } | null {
  try {
    const { width, height } = imageSize(image);
    return width > 0 && height > 0 ? { width, height } : null;
  } catch {
    return null;
  }
}

/** Whether the header says the picture is within MAX_IMAGE_MEGAPIXELS (false if unreadable). */
export function withinPixelBudget(dimensions: { width: number; height: number }): boolean {
  return dimensions.width * dimensions.height <= MAX_PIXELS;
}

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
  const dimensions = imageDimensions(image);
  if (!dimensions) return { kind: 'unreadable' };
  if (!withinPixelBudget(dimensions)) return { kind: 'too-large' };
  let pixels: Pixels;
  try {
    pixels = contentType === 'image/png' ? decodePng(image) : decodeJpeg(image);
  } catch {
    return { kind: 'unreadable' };
  }
  // The decoder's own size must agree with the header's (a crafted file could differ).
  if (!withinPixelBudget(pixels)) return { kind: 'too-large' };
  const { data, width, height } = scaledDown(pixels);
  const clamped = new Uint8ClampedArray(data.buffer, data.byteOffset, width * height * 4);
  const code = jsQR(clamped, width, height, { inversionAttempts: 'attemptBoth' });
  return code?.data ? { kind: 'qr', text: code.data } : { kind: 'none' };
}

function decodePng(image: Buffer): Pixels {
  const png = PNG.sync.read(image);
  return { data: png.data, width: png.width, height: png.height };
}

function decodeJpeg(image: Buffer): Pixels {
  // jpeg-js checks its frame header against these before it allocates.
  return jpeg.decode(image, {
    useTArray: true,
    formatAsRGBA: true,
    maxResolutionInMP: MAX_IMAGE_MEGAPIXELS,
    maxMemoryUsageInMB: 128,
  });
}

/** The picture shrunk by a whole factor (each pixel the mean of a k × k box) to QR_SEARCH_PIXELS. */
export function scaledDown(pixels: Pixels): Pixels {
  const k = Math.ceil(Math.sqrt((pixels.width * pixels.height) / QR_SEARCH_PIXELS));
  if (k <= 1) return pixels;
  const width = Math.floor(pixels.width / k);
  const height = Math.floor(pixels.height / k);
  const data = new Uint8Array(width * height * 4);
  const sums = new Uint32Array(width * 4);
  const area = k * k;
  for (let y = 0; y < height; y++) {
    sums.fill(0);
    for (let dy = 0; dy < k; dy++) {
      const row = (y * k + dy) * pixels.width * 4;
      for (let x = 0; x < width; x++) {
        for (let dx = 0; dx < k; dx++) {
          const from = row + (x * k + dx) * 4;
          for (let c = 0; c < 4; c++)
            sums[x * 4 + c] = (sums[x * 4 + c] ?? 0) + (pixels.data[from + c] ?? 0);
        }
      }
    }
    for (let i = 0; i < width * 4; i++) data[y * width * 4 + i] = Math.round((sums[i] ?? 0) / area);
  }
  return { data, width, height };
}
