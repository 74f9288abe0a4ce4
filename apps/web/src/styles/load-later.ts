/**
 * The stylesheet of every Mantine component the first screens do not render
 * (styles/mantine-later.ts), fetched with the first later screen or overlay and kept. A lazy
 * screen or overlay waits for it beside its own code, so it never shows unstyled.
 */
export const loadLaterStyles = (): Promise<unknown> => import('./mantine-later');

/** `load`, resolved once both its module and the later stylesheet have arrived. */
export const withLaterStyles =
  <T>(load: () => Promise<T>) =>
  async (): Promise<T> =>
    (await Promise.all([load(), loadLaterStyles()]))[0];
