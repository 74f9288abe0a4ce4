import { z } from 'zod';

/**
 * SANDBOX: `1` on, `0` or unset off, `auto` (what `npm start` passes when SANDBOX is unset)
 * on only with the embedded database, outside production and on loopback. The sandbox mints
 * money and reveals one-time codes, so it must never reach a real database or another machine
 * by accident (docs/decisions/0013-sandbox-switches.md).
 */
export const sandboxSetting = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const v = (value ?? '').trim().toLowerCase();
    if (v === '' || v === '0' || v === 'false') return 'off' as const;
    if (v === '1' || v === 'true') return 'on' as const;
    if (v === 'auto') return 'auto' as const;
    ctx.addIssue({ code: 'custom', message: `SANDBOX must be 1, 0 or auto (got "${value}")` });
    return z.NEVER;
  });

/** A configuration that must not start; the message names what is wrong. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

export const LOOPBACK = '127.0.0.1';

/** A host name or address that only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

/**
 * NODE_ENV unset, development or test (any case): a developer's machine. Anything else,
 * `Production`, `prod` or `staging` included, is treated as production.
 */
export function isDeveloperEnvironment(nodeEnv: string): boolean {
  const env = nodeEnv.toLowerCase();
  return env === '' || env === 'development' || env === 'test';
}

/**
 * Whether the sandbox runs (docs/decisions/0013). It is refused outright under any NODE_ENV
 * but development or test, because `NODE_ENV=Production` or `prod` are production too. `auto`
 * turns it on only with the embedded database and when the server keeps to loopback; a server
 * reachable from another machine runs it only when the operator wrote SANDBOX=1.
 */
export function resolveSandbox(
  setting: 'on' | 'off' | 'auto',
  nodeEnv: string,
  databaseUrl: string | undefined,
  host: string | undefined,
): { on: boolean; automatic: boolean } {
  const mayRun = isDeveloperEnvironment(nodeEnv);
  if (setting === 'on' && !mayRun) {
    throw new ConfigError(
      `Invalid configuration:\n  SANDBOX=1 is refused with NODE_ENV=${nodeEnv}: the sandbox mints money (POST /api/wallet/add) and reveals one-time codes. It runs only with NODE_ENV unset, development or test; unset SANDBOX for production.`,
    );
  }
  if (setting !== 'auto') return { on: setting === 'on', automatic: false };
  const automatic =
    mayRun && databaseUrl === undefined && (host === undefined || isLoopbackHost(host));
  return { on: automatic, automatic };
}
