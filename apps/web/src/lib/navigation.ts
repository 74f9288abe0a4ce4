/**
 * The API client lives outside React but must send the member to /login or /terminated
 * (the spec's states). The app registers the router's navigate here once it exists.
 */
export type Navigate = (to: string, options?: { replace?: boolean }) => unknown;

let navigateImpl: Navigate = (to) => window.location.assign(to);

export function setNavigator(navigate: Navigate): void {
  navigateImpl = navigate;
}

export function navigateTo(to: string, options: { replace?: boolean } = {}): unknown {
  return navigateImpl(to, options);
}

export const paths = {
  login: '/login',
  register: '/register',
  howto: '/howto',
  contact: '/contact',
  terminated: '/terminated',
  user: '/user',
  home: '/user/home',
  profile: '/user/profile',
  bonus: '/user/bonus',
  userContact: '/user/contact',
  statement: '/user/statement',
  spin: '/user/spin',
} as const;
