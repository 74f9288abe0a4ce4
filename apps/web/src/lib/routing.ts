import type { ComponentType } from 'react';
import { redirect } from 'react-router';

/*
 * The parts of a route both routers build theirs from (app/router.tsx, backoffice/router.tsx):
 * guards as loaders, screens as lazy routes.
 */

/** A guard answers the path to go to instead, or null to let the screen show. */
export type Guard = () => string | null | Promise<string | null>;

/** A route's loader that sends the visitor where its guard says, or lets the screen show. */
export const guarded = (guard: Guard) => async () => {
  const to = await guard();
  if (to) throw redirect(to);
  return null;
};

/** A screen in its own chunk, fetched the first time a route shows it. */
export const screen =
  <T>(load: () => Promise<T>, pick: (module: T) => ComponentType) =>
  async () => ({ Component: pick(await load()) });
