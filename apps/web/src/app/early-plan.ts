/**
 * What index.html starts for the first screen before the app's scripts arrive (lib/early-calls.ts):
 * for a signed-in member, the calls its route loaders wait for and the lazy modules they import;
 * for a visitor, the same for the sign-in screen.
 * vite.config.ts (earlyStart) turns the modules into the built chunks' addresses; router.test.tsx
 * checks that the calls are the very ones the loaders make.
 */
import type { EarlyPage } from '../lib/early-calls';

export type EarlyPageSource = Pick<EarlyPage, 'paths' | 'under' | 'visitor' | 'calls'> & {
  /** Modules the page imports lazily, relative to apps/web; `{locale}` for one per locale. */
  modules: string[];
};

export const earlyPages: EarlyPageSource[] = [
  {
    // A visitor's first screen wherever they land (the root and the member's paths lead a reader
    // without a token to /login): whether the service is open (the login route's guard waits for
    // it), and the login form, its form library and inputs (vite.config.ts, firstScreenChunks:
    // the `login` chunk).
    visitor: true,
    paths: ['/', '/login'],
    under: '/user',
    calls: ['/api/lookup/active'],
    modules: ['src/features/auth/components/login-page.tsx'],
  },
  {
    // Every member screen: the shell (with the home, in one chunk: app/member-first-screen.ts),
    // the member's name in it, the member screens' words.
    under: '/user',
    calls: ['/api/account/profile'],
    modules: [
      'src/app/member-first-screen.ts',
      '../../packages/contract/src/account.ts',
      'src/locales/member/{locale}.json',
    ],
  },
  {
    // The home (where /user leads): the balance.
    paths: ['/user', '/user/home'],
    calls: ['/api/wallet'],
    modules: ['../../packages/contract/src/wallet.ts'],
  },
];
