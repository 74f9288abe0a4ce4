import { DEVICE_HEADER, DEVICE_ID } from '@wallet/contract/constants';
import type { FastifyRequest } from 'fastify';

/** Where a call came from: what sign-ins and sessions keep for the back office. */
export type Origin = { ip: string; userAgent: string; deviceId: string | null };

/**
 * The caller's address, browser (cut to what the columns hold) and the web client's device id
 * (`X-Wallet-Device`; anything but a UUID is ignored, so a header cannot fill the table).
 */
export function originOf(request: FastifyRequest): Origin {
  const device = String(request.headers[DEVICE_HEADER.toLowerCase()] ?? '').toLowerCase();
  return {
    ip: request.ip,
    userAgent: String(request.headers['user-agent'] ?? '').slice(0, 300),
    deviceId: DEVICE_ID.test(device) ? device : null,
  };
}
