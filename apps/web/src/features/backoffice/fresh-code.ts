import { create } from 'zustand';
import { showErrorAlert } from '../../lib/alerts';
import { isApiError } from '../../lib/api-error';

/**
 * The fresh code before money moves (docs/backoffice.md, "The money desk"): the server answers a
 * money action `403 STAFF_CODE_REQUIRED` when the session's last authenticator code is older than
 * a few minutes. The action then waits while the one dialog of the shell (fresh-code-modal.tsx)
 * asks for a code, and is sent again once the server has taken it. Every money action goes
 * through `withFreshCode`, so the dialog is built once; actions that meet the refusal together
 * (a bulk approval) wait for the same dialog.
 */

/** Staff closed the dialog without a code: the action stops, and nothing needs saying. */
export class FreshCodeCancelled extends Error {
  constructor() {
    super('No fresh code was given.');
    this.name = 'FreshCodeCancelled';
  }
}

type Waiting = { resolve: () => void; reject: (error: Error) => void };
let waiting: Waiting[] = [];

/** Whether the dialog is open: some action waits for a fresh code. */
export const useFreshCodeDialog = create<{ open: boolean }>()(() => ({ open: false }));

function askForFreshCode(): Promise<void> {
  return new Promise((resolve, reject) => {
    waiting.push({ resolve, reject });
    useFreshCodeDialog.setState({ open: true });
  });
}

function settle(each: (action: Waiting) => void): void {
  const settled = waiting;
  waiting = [];
  useFreshCodeDialog.setState({ open: false });
  for (const action of settled) each(action);
}

/** The server took the code: every waiting action is sent again. */
export function freshCodeGiven(): void {
  settle((action) => action.resolve());
}

/** Staff gave up: every waiting action stops with FreshCodeCancelled. */
export function freshCodeCancelled(): void {
  settle((action) => action.reject(new FreshCodeCancelled()));
}

/**
 * Runs a money action; refused for want of a fresh code, it asks for one and runs it once more.
 * The refused call changed nothing on the server, so sending it again is safe.
 */
export async function withFreshCode<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (!(isApiError(error) && error.code === 'STAFF_CODE_REQUIRED')) throw error;
    await askForFreshCode();
    return action();
  }
}

/** A desk action's failure as a toast (MAKER_CHECKER, NO_DATA…); a cancelled code says nothing. */
export function showDeskError(error: unknown): void {
  if (error instanceof FreshCodeCancelled) return;
  showErrorAlert(error);
}
