import { parentPort, workerData } from 'node:worker_threads';
import { readQrCode } from './qr-image-decode';

/** One picture per worker (lib/image-qr.ts, readQrCodeOffThread). */
const { image, contentType } = workerData as {
  image: Uint8Array;
  contentType: 'image/png' | 'image/jpeg';
};
parentPort?.postMessage(readQrCode(Buffer.from(image), contentType));
