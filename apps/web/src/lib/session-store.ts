import { type Locale, locales, storageKeys } from '@wallet/contract/constants';
import { create } from 'zustand';
import { defaultLocale } from './variant';

/**
 * Client-only state (STYLE.md habit 5): token, locale, agreement flag and last sync. Server
 * state (profile, wallet…) lives in TanStack Query and is dropped with the query cache.
 */
export type SessionState = {
  token: string | null;
  /** The spec's states: remember keeps the token in localStorage, else in sessionStorage. */
  remember: boolean;
  locale: Locale;
  agreement: boolean;
  lastSync: string | null;
  signIn: (token: string, remember: boolean) => void;
  /** Drops the token, the agreement flag and the last sync time; keeps the locale. */
  clear: () => void;
  setLocale: (locale: Locale) => void;
  setAgreement: (agreed: boolean) => void;
  setLastSync: (iso: string | null) => void;
};

type Persisted = Pick<SessionState, 'token' | 'remember' | 'locale' | 'agreement' | 'lastSync'>;

function safe<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    // Storage can throw (private mode, quota, disabled cookies): the app still works in memory.
    return fallback;
  }
}

function isLocale(value: string | null): value is Locale {
  return value !== null && (locales as readonly string[]).includes(value);
}

/**
 * Each field keeps its own storage key of the spec's entities (`token`, `locale`,
 * `remember-agreement`, `last_sync`) as a plain string, so other tools can read them too.
 */
export const splitStorage = {
  read: (): Persisted | null =>
    safe<Persisted | null>(() => {
      const persistent = localStorage.getItem(storageKeys.token);
      const token = persistent ?? sessionStorage.getItem(storageKeys.token);
      const locale = localStorage.getItem(storageKeys.locale);
      return {
        token,
        remember: persistent !== null,
        locale: isLocale(locale) ? locale : defaultLocale(),
        agreement: localStorage.getItem(storageKeys.agreement) === 'true',
        lastSync: localStorage.getItem(storageKeys.lastSync),
      };
    }, null),
  write: (state: Persisted): void =>
    safe(() => {
      const keep = state.remember ? localStorage : sessionStorage;
      const drop = state.remember ? sessionStorage : localStorage;
      drop.removeItem(storageKeys.token);
      if (state.token) keep.setItem(storageKeys.token, state.token);
      else keep.removeItem(storageKeys.token);
      localStorage.setItem(storageKeys.locale, state.locale);
      if (state.agreement) localStorage.setItem(storageKeys.agreement, 'true');
      else localStorage.removeItem(storageKeys.agreement);
      if (state.lastSync) localStorage.setItem(storageKeys.lastSync, state.lastSync);
      else localStorage.removeItem(storageKeys.lastSync);
    }, undefined),
};

/**
 * The store starts from the stored fields and writes them back on every change: what zustand's
 * persist middleware would do for this synchronous storage, without its hydration machinery.
 */
export const useSessionStore = create<SessionState>()((set) => ({
  token: null,
  remember: false,
  locale: defaultLocale(),
  agreement: false,
  lastSync: null,
  ...splitStorage.read(),
  signIn: (token, remember) => set({ token, remember }),
  clear: () => set({ token: null, remember: false, agreement: false, lastSync: null }),
  setLocale: (locale) => set({ locale }),
  setAgreement: (agreement) => set({ agreement }),
  setLastSync: (lastSync) => set({ lastSync }),
}));

useSessionStore.subscribe(({ token, remember, locale, agreement, lastSync }) =>
  splitStorage.write({ token, remember, locale, agreement, lastSync }),
);

export function getToken(): string | null {
  return useSessionStore.getState().token;
}
