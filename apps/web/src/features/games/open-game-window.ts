/**
 * Opens a game in a new tab from a tap. Mobile Safari and Chrome block a window opened after an
 * awaited call (the tap's user activation is gone by then), so the tab is opened synchronously,
 * empty, and sent to the link once the link arrives; it is closed if getting the link fails.
 * `window.open` runs before `load` is even called: callers must not await anything before this.
 */
export async function openGameWindow(load: () => Promise<string>): Promise<void> {
  const target = window.open('', '_blank');
  try {
    const link = new URL(await load(), window.location.href).href;
    if (target) {
      // The game page must not reach back into the wallet through window.opener.
      target.opener = null;
      target.location.href = link;
    } else {
      // A browser that refused the tab anyway: open the game here rather than not at all.
      window.location.assign(link);
    }
  } catch (error) {
    target?.close();
    throw error;
  }
}
