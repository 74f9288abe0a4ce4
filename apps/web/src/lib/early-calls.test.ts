import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/render';
import {
  dropEarlyCalls,
  EARLY_GLOBAL,
  type EarlyPlan,
  startEarly,
  takeEarlyCall,
} from './early-calls';

const plan: EarlyPlan = {
  global: EARLY_GLOBAL,
  tokenKey: 'token',
  localeKey: 'locale',
  defaultLocale: { laos: 'la', other: 'th' },
  headers: { Accept: 'application/json', 'X-Wallet-User': '1' },
  pages: [
    {
      visitor: true,
      paths: ['/', '/login'],
      under: '/user',
      calls: ['/api/lookup/active'],
      modules: ['/assets/login.js'],
      styles: ['/assets/login.css'],
      localeModules: {},
    },
    {
      under: '/user',
      calls: ['/api/account/profile'],
      modules: ['/assets/member.js'],
      styles: ['/assets/member.css'],
      localeModules: { th: ['/assets/th.js'], la: ['/assets/la.js'], en: ['/assets/en.js'] },
    },
    {
      paths: ['/user', '/user/home'],
      calls: ['/api/wallet'],
      modules: ['/assets/wallet.js'],
      styles: [],
      localeModules: {},
    },
  ],
};

const fetchMock = vi.fn<typeof fetch>();

/** As index.html runs it: the function's source with the plan, evaluated on its own. */
function runInlineScript(at: string): void {
  window.history.replaceState(null, '', at);
  new Function(`(${String(startEarly)})(${JSON.stringify(plan)});`)();
}

const preloads = () =>
  [...document.head.querySelectorAll('link')].map((link) => ({
    rel: link.rel,
    href: link.getAttribute('href'),
    as: link.getAttribute('as'),
    crossorigin: link.getAttribute('crossorigin'),
  }));

beforeEach(() => {
  // The test setup stores the locale of the tests' words (English); a phone starts with none.
  localStorage.clear();
  fetchMock.mockImplementation(async () => jsonResponse({ ok: true }));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  localStorage.clear();
  sessionStorage.clear();
  for (const link of document.head.querySelectorAll('link')) link.remove();
  document.head.querySelector('meta[name="app-variant"]')?.remove();
  delete (window as unknown as Record<string, unknown>)[EARLY_GLOBAL];
  window.history.replaceState(null, '', '/');
});

describe("index.html's early start", () => {
  it("sends the home's calls with the stored token and fetches its chunks", async () => {
    localStorage.setItem('token', 'member-token');
    runInlineScript('/user/home');

    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/account/profile',
      '/api/wallet',
    ]);
    const headers = new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
    expect(headers.get('Authorization')).toBe('Bearer member-token');
    expect(headers.get('X-Wallet-User')).toBe('1');
    expect(headers.get('Accept')).toBe('application/json');
    expect(preloads()).toEqual([
      { rel: 'modulepreload', href: '/assets/member.js', as: null, crossorigin: '' },
      { rel: 'modulepreload', href: '/assets/th.js', as: null, crossorigin: '' },
      { rel: 'preload', href: '/assets/member.css', as: 'style', crossorigin: '' },
      { rel: 'modulepreload', href: '/assets/wallet.js', as: null, crossorigin: '' },
    ]);
  });

  it('sends only what the page needs: another member screen skips the balance', () => {
    sessionStorage.setItem('token', 'session-token');
    runInlineScript('/user/bonus');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/account/profile']);
    expect(preloads().map(({ href }) => href)).not.toContain('/assets/wallet.js');
  });

  it('starts the sign-in screen for a visitor, wherever the app leads them to it', async () => {
    for (const path of ['/', '/login', '/user/home']) {
      for (const link of document.head.querySelectorAll('link')) link.remove();
      fetchMock.mockClear();
      runInlineScript(path);
      expect(preloads()).toEqual([
        { rel: 'modulepreload', href: '/assets/login.js', as: null, crossorigin: '' },
        { rel: 'preload', href: '/assets/login.css', as: 'style', crossorigin: '' },
      ]);
      expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/lookup/active']);
    }
    // Sent without a token, and handed to a caller that has none (the API client's, signed out).
    const headers = new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
    expect(headers.get('Authorization')).toBeNull();
    expect(headers.get('X-Wallet-User')).toBe('1');
    expect(takeEarlyCall('/api/lookup/active', 'member-token')).toBeUndefined();
    const early = takeEarlyCall('/api/lookup/active', null);
    expect(await (await early)?.json()).toEqual({ ok: true });
    expect(takeEarlyCall('/api/lookup/active', null)).toBeUndefined();
  });

  it("gives a member none of the visitor's chunks, and a page outside the plan nothing", () => {
    localStorage.setItem('token', 'member-token');
    runInlineScript('/user/home');
    expect(preloads().map(({ href }) => href)).not.toContain('/assets/login.js');
    for (const link of document.head.querySelectorAll('link')) link.remove();
    fetchMock.mockClear();
    runInlineScript('/login');
    expect(preloads()).toEqual([]);
    localStorage.removeItem('token');
    runInlineScript('/register');
    expect(preloads()).toEqual([]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("fetches the words of the reader's locale: the stored one, else the variant's", () => {
    localStorage.setItem('token', 'member-token');
    localStorage.setItem('locale', 'en');
    runInlineScript('/user');
    expect(preloads().map(({ href }) => href)).toContain('/assets/en.js');

    for (const link of document.head.querySelectorAll('link')) link.remove();
    localStorage.removeItem('locale');
    const meta = document.createElement('meta');
    meta.name = 'app-variant';
    meta.content = 'laos';
    document.head.append(meta);
    runInlineScript('/user');
    expect(preloads().map(({ href }) => href)).toContain('/assets/la.js');
  });

  it('keeps a failed call nobody takes from being reported as unhandled', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    localStorage.setItem('token', 'member-token');
    runInlineScript('/user/home');
    // Vitest fails the run on an unhandled rejection; the taker still sees the failure.
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect(takeEarlyCall('/api/wallet', 'member-token')).rejects.toThrow('Failed to fetch');
  });

  it('leaves the app to ask for itself when storage cannot be read', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(() => runInlineScript('/user/home')).not.toThrow();
    expect(fetchMock).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });
});

describe('takeEarlyCall', () => {
  it('hands each early answer over once, to a caller with the same token', async () => {
    localStorage.setItem('token', 'member-token');
    runInlineScript('/user/home');

    expect(takeEarlyCall('/api/wallet', 'another-token')).toBeUndefined();
    const answer = takeEarlyCall('/api/wallet', 'member-token');
    expect(await (await answer)?.json()).toEqual({ ok: true });
    expect(takeEarlyCall('/api/wallet', 'member-token')).toBeUndefined();
    expect(takeEarlyCall('/api/lookup/info', 'member-token')).toBeUndefined();
  });

  it('serves the first screen only: once dropped, the app asks again', () => {
    localStorage.setItem('token', 'member-token');
    runInlineScript('/user/home');
    dropEarlyCalls();
    expect(takeEarlyCall('/api/account/profile', 'member-token')).toBeUndefined();
  });

  it('answers nothing when the page sent nothing', () => {
    expect(takeEarlyCall('/api/wallet', 'member-token')).toBeUndefined();
  });
});
