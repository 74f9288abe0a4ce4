import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * How the environment's texts are read (config.ts): each parser names its variable in its
 * message, so a bad value stops the process at start saying which one and why.
 */

export const flag = (name: string) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      const v = (value ?? '').trim().toLowerCase();
      if (v === '' || v === '0' || v === 'false') return false;
      if (v === '1' || v === 'true') return true;
      ctx.addIssue({ code: 'custom', message: `${name} must be 1 or 0 (got "${value}")` });
      return z.NEVER;
    });

export const integer = (name: string, fallback: number, min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      const v = (value ?? '').trim();
      if (v === '') return fallback;
      const n = Number(v);
      if (!/^\d+$/.test(v) || !Number.isSafeInteger(n) || n < min || n > max) {
        ctx.addIssue({
          code: 'custom',
          message: `${name} must be a whole number from ${min} to ${max} (got "${value}")`,
        });
        return z.NEVER;
      }
      return n;
    });

export const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);

/**
 * A comma-separated list whose every item passes `valid`; unset gives `fallback`, and a bad item
 * is named in the message as not being `what`.
 */
export const listOf = (
  name: string,
  fallback: string[],
  valid: (item: string) => boolean,
  what: string,
) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      const items = value === undefined ? fallback : list(value);
      const bad = items.find((item) => !valid(item));
      if (bad === undefined) return items;
      ctx.addIssue({ code: 'custom', message: `${name}: "${bad}" is not ${what}` });
      return z.NEVER;
    });

/** A comma-separated list of IP addresses and CIDR ranges, IPv4 or IPv6; unset is empty. */
export const ipRules = (name: string) =>
  listOf(name, [], (rule) => parseIpRule(rule) !== null, 'an IP address or CIDR range');

/**
 * A secret someone must present (METRICS_TOKEN): unset is undefined; a set one is at least
 * `minLength` printable characters without spaces, so a guessable one stops the process.
 */
export const secret = (name: string, minLength: number) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return undefined;
      if (value.length >= minLength && /^[\x21-\x7e]+$/.test(value)) return value;
      ctx.addIssue({
        code: 'custom',
        message: `${name} must be at least ${minLength} printable characters without spaces (openssl rand -hex 32 makes one)`,
      });
      return z.NEVER;
    });

/** TRUST_PROXY: a hop count, or the proxies' IPs/CIDRs; unset, 0 or false trusts none. */
export const trustProxy = z
  .string()
  .optional()
  .transform((value, ctx): false | number | string[] => {
    const v = (value ?? '').trim();
    if (v === '' || v === '0' || v.toLowerCase() === 'false') return false;
    // `true` would take the left-most X-Forwarded-For entry, which the client writes itself:
    // every per-address limit and the allow-list could then be dodged with one header.
    if (v.toLowerCase() === 'true') {
      ctx.addIssue({
        code: 'custom',
        message:
          'TRUST_PROXY=true is refused: it believes an X-Forwarded-For the client can write. Give the number of proxies in front of the server (1 for one nginx) or their IPs/CIDRs (docs/configuration.md)',
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(v)) return Number(v);
    const rules = list(v);
    if (rules.length > 0 && rules.every((r) => parseIpRule(r) !== null)) return rules;
    ctx.addIssue({
      code: 'custom',
      message: `TRUST_PROXY must be a hop count or a list of proxy IPs/CIDRs (got "${value}")`,
    });
    return z.NEVER;
  });

/** `http(s)://host[:port]` and nothing more: what a browser sends as Origin. */
export function isWebOrigin(origin: string): boolean {
  try {
    const u = new URL(origin);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.origin === origin;
  } catch {
    return false;
  }
}

export const url = (name: string, protocols: readonly string[]) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      const v = (value ?? '').trim();
      if (v === '') return undefined;
      let parsed: URL;
      try {
        parsed = new URL(v);
      } catch {
        ctx.addIssue({ code: 'custom', message: `${name} is not a URL` });
        return z.NEVER;
      }
      if (!protocols.includes(parsed.protocol)) {
        ctx.addIssue({
          code: 'custom',
          message: `${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')}`,
        });
        return z.NEVER;
      }
      return v;
    });

/** An IP or CIDR, IPv4 or IPv6; returns null when the text is neither. */
export function parseIpRule(
  rule: string,
): { address: string; prefix?: number; family: 'ipv4' | 'ipv6' } | null {
  const [address = '', prefixText, extra] = rule.split('/');
  if (extra !== undefined) return null;
  const version = isIP(address);
  if (version === 0) return null;
  const family = version === 4 ? 'ipv4' : 'ipv6';
  if (prefixText === undefined) return { address, family };
  const prefix = Number(prefixText);
  const max = version === 4 ? 32 : 128;
  if (!/^\d+$/.test(prefixText) || prefix > max) return null;
  return { address, prefix, family };
}
