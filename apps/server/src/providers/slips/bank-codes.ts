/**
 * The Bank of Thailand's three-digit bank codes, as the slip-verify mini-QR names the sending
 * bank (tag 00, sub-tag 02), for the banks of the seed. Laos banks have none: a slip-verify QR
 * is a Thai interbank standard.
 */
const thaiBankCodes: Record<string, string> = {
  BBL: '002',
  KBANK: '004',
  KTB: '006',
  TTB: '011',
  TMB: '011',
  SCB: '014',
  CIMB: '022',
  UOB: '024',
  BAY: '025',
  GSB: '030',
  GHB: '033',
  BAAC: '034',
  TISCO: '067',
  KKP: '069',
  LH: '073',
};

/** The sending bank of a slip whose sender is no member the sandbox knows. */
export const DEFAULT_SENDING_BANK = '014';

/** A bank's three-digit code, or null for a bank outside the Thai interbank system. */
export function thaiBankCode(bankCode: string): string | null {
  return thaiBankCodes[bankCode] ?? null;
}

/** The bank (SCB, KBANK, …) behind a three-digit code; the code itself when it is unknown. */
export function bankOfThaiCode(code: string): string {
  const found = Object.entries(thaiBankCodes).find(([, digits]) => digits === code);
  return found?.[0] ?? code;
}
