/**
 * The first screen's calls, sent by index.html before the app's scripts have arrived.
 *
 * A signed-in member's first screen needs two answers (the profile for the shell, the wallet for
 * the home) and a few chunks the entry imports only once it runs; a visitor's sign-in screen
 * needs one answer (whether the service is open) and the login form's chunk. Left to the app,
 * all of them leave after the entry's scripts have downloaded and run: one whole download later
 * on a phone. So index.html carries a small inline script, `startEarly` with the build's plan
 * (vite.config.ts, earlyStart), that sends the page's calls (with the stored token, if any) and
 * asks for its chunks as the page is parsed. The API client then takes an answer from here
 * instead of asking again (`takeEarlyCall`), once, for the first screen only
 * (docs/performance.md).
 */

/** What the inline script leaves on `window[plan.global]`. */
export type EarlyCalls = {
  /**
   * The token the calls carried, '' for a visitor's (none): an answer serves only a caller
   * sending the same.
   */
  token: string;
  calls: Record<string, Promise<Response>>;
};

/** One page's head start: the calls it makes before it paints, and the chunks it imports. */
export type EarlyPage = {
  /** Pathnames this applies to exactly (no trailing slash), and every path under `under`. */
  paths?: string[];
  under?: string;
  /**
   * A visitor's page, for a reader without a stored token: the screen the app shows such a
   * reader on these paths (the sign-in screen). Other pages are a signed-in member's.
   */
  visitor?: boolean;
  /** GET calls its loaders make, answered from here (a member's carry the token). */
  calls: string[];
  /** Script chunks to fetch as module preloads, and stylesheets to fetch as preloads. */
  modules: string[];
  styles: string[];
  /** Chunks that depend on the reader's locale (the member words), by locale. */
  localeModules: Record<string, string[]>;
};

export type EarlyPlan = {
  /** The window property the calls are left on (EARLY_GLOBAL). */
  global: string;
  /** Storage keys of the token and the locale (the spec's entities). */
  tokenKey: string;
  localeKey: string;
  /** The locale when none is stored: by the variant the server writes into the page. */
  defaultLocale: { laos: string; other: string };
  /** Headers every call of the API client carries, besides the token. */
  headers: Record<string, string>;
  pages: EarlyPage[];
};

export const EARLY_GLOBAL = '__walletEarly';

/**
 * Runs inline in index.html, serialised with `String(startEarly)`: it may use nothing but its
 * argument and the browser's globals. A signed-in member (a stored token) gets the member's
 * pages' head start, a visitor without one the visitor's pages'. Anything that throws (storage
 * switched off) leaves the app to ask for itself, as it always can.
 */
export function startEarly(plan: EarlyPlan): void {
  try {
    const token =
      localStorage.getItem(plan.tokenKey) ?? sessionStorage.getItem(plan.tokenKey) ?? '';
    const here = location.pathname.replace(/\/+$/, '') || '/';
    const variant = document.querySelector('meta[name="app-variant"]')?.getAttribute('content');
    const locale =
      localStorage.getItem(plan.localeKey) ??
      (variant === 'laos' ? plan.defaultLocale.laos : plan.defaultLocale.other);
    const headers: Record<string, string> = token
      ? { ...plan.headers, Authorization: `Bearer ${token}` }
      : plan.headers;
    const early: EarlyCalls = { token, calls: {} };
    const preload = (href: string, rel: string, as?: string) => {
      const link = document.createElement('link');
      link.rel = rel;
      link.href = href;
      if (as) link.setAttribute('as', as);
      // As Vite's own loader asks for them (module scripts are CORS requests), so the app's
      // later request finds this one instead of making another.
      link.setAttribute('crossorigin', '');
      document.head.appendChild(link);
    };
    for (const page of plan.pages) {
      const applies =
        (page.paths ?? []).includes(here) ||
        (page.under !== undefined && (here === page.under || here.startsWith(`${page.under}/`)));
      if (!applies || Boolean(page.visitor) === Boolean(token)) continue;
      for (const path of page.calls) {
        const call = fetch(path, { headers });
        // Handled here too: an answer nobody takes must not report an unhandled failure.
        call.catch(() => undefined);
        early.calls[path] = call;
      }
      for (const href of page.modules.concat(page.localeModules[locale] ?? [])) {
        preload(href, 'modulepreload');
      }
      for (const href of page.styles) preload(href, 'preload', 'style');
    }
    (window as unknown as Record<string, EarlyCalls>)[plan.global] = early;
  } catch {
    // No head start: the app sends its calls itself.
  }
}

function earlyCalls(): EarlyCalls | undefined {
  return (globalThis as unknown as Record<string, EarlyCalls | undefined>)[EARLY_GLOBAL];
}

/**
 * The answer index.html's script already asked for, if it asked for `path` with this token (or
 * none, as a visitor) and nobody has taken it yet; each is taken once.
 */
export function takeEarlyCall(path: string, token: string | null): Promise<Response> | undefined {
  const early = earlyCalls();
  const call = early?.calls[path];
  if (!early || !call || early.token !== (token ?? '')) return undefined;
  delete early.calls[path];
  return call;
}

/**
 * The early answers serve the first screen only: once its navigation has settled, those nobody
 * took are dropped, so no later screen reads an answer from when the page opened.
 */
export function dropEarlyCalls(): void {
  const early = earlyCalls();
  if (early) early.calls = {};
}
