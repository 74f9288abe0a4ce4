import { afterEach, describe, expect, it } from 'vitest';
import { splitStorage, useSessionStore } from './session-store';

afterEach(() => useSessionStore.getState().clear());

describe('session store', () => {
  it('keeps the token in localStorage when remember is on', () => {
    useSessionStore.getState().signIn('persistent', true);
    expect(localStorage.getItem('token')).toBe('persistent');
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it('keeps the token only for the browser session when remember is off', () => {
    useSessionStore.getState().signIn('session-only', false);
    expect(sessionStorage.getItem('token')).toBe('session-only');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('stores each field under the key the spec names', () => {
    const session = useSessionStore.getState();
    session.setLocale('la');
    session.setAgreement(true);
    session.setLastSync('2024-05-01T10:00:00.000Z');
    expect(localStorage.getItem('locale')).toBe('la');
    expect(localStorage.getItem('remember-agreement')).toBe('true');
    expect(localStorage.getItem('last_sync')).toBe('2024-05-01T10:00:00.000Z');
  });

  it('reads a remembered session back after a reload', () => {
    localStorage.setItem('token', 'from-yesterday');
    localStorage.setItem('locale', 'en');
    expect(splitStorage.read()).toMatchObject({
      token: 'from-yesterday',
      remember: true,
      locale: 'en',
    });
  });

  it('falls back to the variant default for an unknown stored locale', () => {
    localStorage.setItem('locale', 'fr');
    expect(splitStorage.read()).toMatchObject({ locale: 'th' });
  });
});
