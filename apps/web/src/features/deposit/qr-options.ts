import type { QrOptions } from '@wallet/contract/deposit';

/** Written by vite.config.ts from PAYTIMZ_MINIMUM at build time; empty when not set. */
declare const __PAYTIMZ_MINIMUM__: string;

function paytimzMinimum(setting: string): number | undefined {
  const value = Number(setting);
  return setting !== '' && Number.isInteger(value) && value >= 1 ? value : undefined;
}

/** This build's QR settings (the spec's constants and limits): the PAYTIMZ minimum, when overridden. */
export const qrOptions: QrOptions = { paytimzMinimum: paytimzMinimum(__PAYTIMZ_MINIMUM__) };
