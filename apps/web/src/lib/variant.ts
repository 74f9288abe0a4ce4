import type { Variant } from '@wallet/contract/account';
import type { Locale } from '@wallet/contract/constants';

/**
 * The server (and Vite in dev) writes `laos` or `default` into
 * `<meta name="app-variant">` (the API contract). An unreplaced placeholder means default.
 */
export function readVariant(doc: Document = document): Variant {
  const content = doc.querySelector('meta[name="app-variant"]')?.getAttribute('content');
  return { laos: content === 'laos' };
}

export const variant: Variant = readVariant();

/** The spec's overview: Lao when the Laos flag is set, otherwise Thai. */
export function defaultLocale(v: Variant = variant): Locale {
  return v.laos ? 'la' : 'th';
}
