import { describe, expect, it } from 'vitest';
import {
  AutoLoginParamsSchema,
  autoLoginPath,
  autoLoginProviderOf,
  GameEntrySchema,
  GameParamsSchema,
  playTransferAmount,
} from './games';

describe('a game code in a path', () => {
  it('is read whatever its case', () => {
    expect(GameParamsSchema.parse({ game: ' pgslot ' })).toEqual({ game: 'PGSLOT' });
  });

  it('is NO_GAME when it names no provider', () => {
    expect(GameParamsSchema.safeParse({ game: 'ROULETTE' }).error?.issues[0]?.message).toBe(
      'NO_GAME',
    );
  });
});

describe('a game entry', () => {
  it('may lack any of its three links', () => {
    const entry = {
      name: 'PG Soft',
      code: 'PG',
      isActive: true,
      background: '/bg/pg.jpg',
      logo: '/logo/pg.png',
      web: 'https://pg.example/play',
      android: null,
      ios: null,
    };
    expect(GameEntrySchema.parse(entry)).toEqual(entry);
    expect(GameEntrySchema.safeParse({ ...entry, web: undefined }).success).toBe(false);
  });
});

describe('auto-login', () => {
  it('needs the password for the providers that take one', () => {
    const result = AutoLoginParamsSchema.safeParse({ provider: 'askmebet', username: 'u1' });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['password'], message: 'KEY_MISSING' }),
    ]);
  });

  it('takes the username alone for the others, whatever the case of the provider', () => {
    expect(AutoLoginParamsSchema.parse({ provider: 'PG', username: 'u1' })).toEqual({
      provider: 'pg',
      username: 'u1',
    });
  });

  it('refuses a provider without auto-login as NO_GAME', () => {
    const result = AutoLoginParamsSchema.safeParse({ provider: 'joker', username: 'u1' });
    expect(result.error?.issues[0]?.message).toBe('NO_GAME');
  });

  it('builds the path with the password only where it belongs, escaped', () => {
    const credentials = { username: 'u 1', password: 'p/w?' };
    expect(autoLoginPath('imi', credentials)).toBe('/api/autoLogin/imi/u%201/p%2Fw%3F');
    expect(autoLoginPath('betflix', credentials)).toBe('/api/autoLogin/betflix/u%201');
  });

  it('is found from a game code, or not at all', () => {
    expect(autoLoginProviderOf('JOKER2')).toBe('joker2');
    expect(autoLoginProviderOf('SEXYGAME')).toBeNull();
  });
});

describe('play', () => {
  it('transfers first only for an amount above 0', () => {
    expect(playTransferAmount(50)).toBe(50);
    for (const amount of [0, -1, Number.NaN, null, undefined]) {
      expect(playTransferAmount(amount)).toBeNull();
    }
  });
});
