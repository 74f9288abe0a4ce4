import type { Variant } from '@wallet/contract/account';

/**
 * One phone, one username. Lao numbers may be typed with or without their leading 0
 * (contract: /^0?(20\d{8}|30\d{7})$/); the server stores them with it, so 2055512345 and
 * 02055512345 cannot become two accounts. Thai mobile numbers are stored as typed (0[689] + 8 digits).
 */
export function canonicalPhone(variant: Variant, phone: string): string {
  const trimmed = phone.trim();
  if (variant.laos && /^(20\d{8}|30\d{7})$/.test(trimmed)) return `0${trimmed}`;
  return trimmed;
}
