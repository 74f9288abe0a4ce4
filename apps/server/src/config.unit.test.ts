import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { defaultWebDist } from './paths';

describe('configuration', () => {
  it('starts from the defaults of the API contract with an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      dataDir: resolve('./data'),
      databaseUrl: undefined,
      redisUrl: undefined,
      sandbox: false,
      laos: false,
      corsOrigins: [],
      ipAllowList: [],
      trustProxy: false,
      metrics: { token: undefined, allowList: [] },
      webDist: defaultWebDist,
    });
    expect(defaultWebDist).toMatch(/apps\/web\/dist$/);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: '/var/lib/wallet',
      DATABASE_URL: 'postgres://u:p@db:5432/wallet',
      REDIS_URL: 'redis://cache:6379',
      SANDBOX: '1',
      LAOS: '1',
      LOG_LEVEL: 'warn',
      CORS_ORIGINS: 'https://a.example, https://b.example',
      HOWTO_VIDEO_ORIGINS: 'https://videos.example, https://*.cdn.example',
      IP_ALLOW_LIST: '10.0.0.0/8,192.0.2.1,2001:db8::/32',
      TRUST_PROXY: '2',
      METRICS_TOKEN: 'm'.repeat(32),
      METRICS_ALLOW_LIST: '10.0.5.0/24, 2001:db8::9',
      SESSION_TTL_HOURS: '12',
      RATE_LIMIT_LOGIN_PER_MIN: '30',
      OTP_BLOCK_MINUTES: '60',
      WEB_DIST: '/srv/web',
    });
    expect(config).toMatchObject({
      port: 8080,
      dataDir: '/var/lib/wallet',
      databaseUrl: 'postgres://u:p@db:5432/wallet',
      redisUrl: 'redis://cache:6379',
      sandbox: true,
      laos: true,
      logLevel: 'warn',
      corsOrigins: ['https://a.example', 'https://b.example'],
      howtoVideoOrigins: ['https://videos.example', 'https://*.cdn.example'],
      ipAllowList: ['10.0.0.0/8', '192.0.2.1', '2001:db8::/32'],
      trustProxy: 2,
      metrics: { token: 'm'.repeat(32), allowList: ['10.0.5.0/24', '2001:db8::9'] },
      sessionTtlHours: 12,
      webDist: '/srv/web',
    });
    expect(config.rateLimits).toMatchObject({ loginPerMinute: 30, otpBlockMinutes: 60 });
  });

  describe('the sandbox switch (the API contract: never on a real database by accident)', () => {
    const real = 'postgres://u:p@db:5432/wallet';
    it.each([
      ['unset', {}, false],
      ['1', { SANDBOX: '1' }, true],
      ['0', { SANDBOX: '0' }, false],
      ['auto with the embedded database (npm start)', { SANDBOX: 'auto' }, true],
      ['auto with DATABASE_URL', { SANDBOX: 'auto', DATABASE_URL: real }, false],
      ['unset with DATABASE_URL', { DATABASE_URL: real }, false],
      ['1 with DATABASE_URL (given explicitly)', { SANDBOX: '1', DATABASE_URL: real }, true],
      ['auto in production', { SANDBOX: 'auto', NODE_ENV: 'production' }, false],
      ['auto with NODE_ENV=Production', { SANDBOX: 'auto', NODE_ENV: 'Production' }, false],
      ['auto with NODE_ENV=prod', { SANDBOX: 'auto', NODE_ENV: 'prod' }, false],
      ['auto with NODE_ENV=Development', { SANDBOX: 'auto', NODE_ENV: 'Development' }, true],
      ['auto with NODE_ENV=test', { SANDBOX: 'auto', NODE_ENV: 'test' }, true],
      ['auto with HOST=0.0.0.0', { SANDBOX: 'auto', HOST: '0.0.0.0' }, false],
      ['auto with HOST=::', { SANDBOX: 'auto', HOST: '::' }, false],
      ['auto with HOST=192.0.2.10', { SANDBOX: 'auto', HOST: '192.0.2.10' }, false],
      ['auto with HOST=127.0.0.1', { SANDBOX: 'auto', HOST: '127.0.0.1' }, true],
      ['auto with HOST=localhost', { SANDBOX: 'auto', HOST: 'localhost' }, true],
      ['auto with HOST=::1', { SANDBOX: 'auto', HOST: '::1' }, true],
      ['1 with HOST=0.0.0.0 (given explicitly)', { SANDBOX: '1', HOST: '0.0.0.0' }, true],
    ])('SANDBOX %s: on is %s', (_name, env, on) => {
      expect(loadConfig(env).sandbox).toBe(on);
    });

    it.each([
      ['production', {}],
      ['production', { DATABASE_URL: real }],
      ['Production', {}],
      ['PRODUCTION', {}],
      ['prod', {}],
      ['staging', { HOST: '127.0.0.1' }],
    ])('refuses SANDBOX=1 with NODE_ENV=%s', (nodeEnv, env) => {
      expect(() => loadConfig({ ...env, SANDBOX: '1', NODE_ENV: nodeEnv })).toThrow(
        `SANDBOX=1 is refused with NODE_ENV=${nodeEnv}`,
      );
    });

    it('keeps the automatic sandbox on loopback, and any other server on every address', () => {
      expect(loadConfig({ SANDBOX: 'auto' })).toMatchObject({
        sandbox: true,
        sandboxAutomatic: true,
        host: '127.0.0.1',
      });
      expect(loadConfig({ SANDBOX: '1' })).toMatchObject({
        sandboxAutomatic: false,
        host: '0.0.0.0',
      });
      expect(loadConfig({ SANDBOX: 'auto', DATABASE_URL: real }).host).toBe('0.0.0.0');
      expect(loadConfig({ SANDBOX: 'auto', HOST: '::' })).toMatchObject({
        sandbox: false,
        host: '::',
      });
      expect(loadConfig({}).host).toBe('0.0.0.0');
    });
  });

  it('reads TRUST_PROXY as off, a hop count or a list of proxies', () => {
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.1.0/24' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.0.1.0/24',
    ]);
  });

  it.each(['true', 'TRUE', ' true '])(
    'refuses TRUST_PROXY=%s at start: it would believe the X-Forwarded-For the client writes',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        /TRUST_PROXY=true is refused.*number of proxies/,
      );
    },
  );

  it.each([
    ['PORT', '0'],
    ['PORT', '3000.5'],
    ['PORT', 'abc'],
    ['SANDBOX', 'yes'],
    ['LAOS', '2'],
    ['API_DOCS', 'on'],
    ['DATABASE_URL', 'mysql://db'],
    ['DATABASE_URL', 'not a url'],
    ['REDIS_URL', 'http://cache'],
    ['LOG_LEVEL', 'loud'],
    ['CORS_ORIGINS', '*'],
    ['HOWTO_VIDEO_ORIGINS', 'http://videos.example.com'],
    ['HOWTO_VIDEO_ORIGINS', 'https:'],
    ['GAME_SECRET_KEYS', 'k1:tooshort'],
    ['IP_ALLOW_LIST', '300.1.1.1'],
    ['METRICS_ALLOW_LIST', '10.0.0.0/33'],
    ['METRICS_TOKEN', 'short'],
    ['METRICS_TOKEN', `${'m'.repeat(32)} spaced`],
    ['TRUST_PROXY', 'proxy.local'],
    ['TRUST_PROXY', ','],
    ['SESSION_TTL_HOURS', '0'],
    ['RATE_LIMIT_GLOBAL_PER_MIN', '-5'],
  ])('refuses %s=%s with a message naming it', (variable, value) => {
    expect(() => loadConfig({ [variable]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [variable]: value })).toThrow(variable);
  });

  it('serves the API reference with the sandbox or API_DOCS=1, and not otherwise', () => {
    expect(loadConfig({}).apiDocs).toBe(false);
    expect(loadConfig({ API_DOCS: '1' }).apiDocs).toBe(true);
    expect(loadConfig({ SANDBOX: '1', NODE_ENV: 'test' }).apiDocs).toBe(true);
    expect(loadConfig({ API_DOCS: '0' }).apiDocs).toBe(false);
  });

  it('refuses a reconcile grace time that a provider call could still outlast', () => {
    const outlasted = { GAME_PROVIDER_TIMEOUT_MS: '5000', RECONCILE_GRACE_MS: '9999' };
    expect(() => loadConfig(outlasted)).toThrow(ConfigError);
    expect(() => loadConfig(outlasted)).toThrow('RECONCILE_GRACE_MS');
    const safe = { GAME_PROVIDER_TIMEOUT_MS: '5000', RECONCILE_GRACE_MS: '10000' };
    expect(loadConfig(safe).reconcileGraceMs).toBe(10_000);
  });
});

describe('the keys of game passwords (docs/decisions/0058)', () => {
  it('uses GAME_SECRET_KEYS when given, else a key file under DATA_DIR made outside production', () => {
    const key = Buffer.alloc(32, 3).toString('base64');
    expect(loadConfig({ GAME_SECRET_KEYS: `k2:${key},k1:${key}` }).gameSecretKeys).toMatchObject({
      kind: 'list',
      keys: [{ id: 'k2' }, { id: 'k1' }],
    });
    expect(loadConfig({ DATA_DIR: '/var/lib/wallet' }).gameSecretKeys).toEqual({
      kind: 'file',
      path: '/var/lib/wallet/game-secret-keys.json',
      create: true,
    });
    expect(
      loadConfig({ NODE_ENV: 'production', GAME_SECRET_KEY_FILE: '/etc/wallet/keys.json' })
        .gameSecretKeys,
    ).toEqual({ kind: 'file', path: '/etc/wallet/keys.json', create: false });
  });
});
