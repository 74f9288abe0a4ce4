import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { imageQrWorker } from '../paths';
import type { QrReading } from './qr-image-decode';

const requireHere = createRequire(import.meta.url);
/** A picture that needs more memory than this to decode is unreadable. */
const resourceLimits = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 64 };

export {
  imageDimensions,
  MAX_IMAGE_MEGAPIXELS,
  type QrReading,
  readQrCode,
  withinPixelBudget,
} from './qr-image-decode';

/**
 * `readQrCode` in a worker thread, given `timeoutMs` at most. Decoding a picture and searching it
 * for a QR code is CPU work that grows with the pixels (measured: a 2 MP noisy picture 1.4 s, a
 * 12 MP one 18 s): on the main thread one upload would stall every request of the process. A
 * picture the worker cannot read in time, or that exhausts its memory, is `unreadable`.
 */
export function readQrCodeOffThread(
  image: Buffer,
  contentType: 'image/png' | 'image/jpeg',
  timeoutMs: number,
): Promise<QrReading> {
  return new Promise((resolve) => {
    const worker = imageQrWorker.typescript
      ? // In src/ (tests, `npm run dev`) the worker is TypeScript: tsx's require hook runs it.
        new Worker(
          `require(${JSON.stringify(requireHere.resolve('tsx/cjs/api'))}).register();` +
            `require(${JSON.stringify(imageQrWorker.file)});`,
          { eval: true, workerData: { image, contentType }, resourceLimits },
        )
      : new Worker(imageQrWorker.file, { workerData: { image, contentType }, resourceLimits });
    let settled = false;
    const finish = (reading: QrReading) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(reading);
    };
    const timer = setTimeout(() => finish({ kind: 'unreadable' }), timeoutMs);
    worker.once('message', (reading: QrReading) => finish(reading));
    worker.once('error', () => finish({ kind: 'unreadable' }));
    worker.once('exit', () => finish({ kind: 'unreadable' }));
  });
}
