import { create } from 'zustand';

/**
 * The back office's client-only state: the staff token, apart from the member's `token` so a
 * member signing in or out on the same browser never touches it (and the other way round). It
 * is kept as a plain string under its own key, read once at start and written on every change,
 * as the member session store does.
 */
export const STAFF_TOKEN_KEY = 'staffToken';

type StaffSessionState = {
  token: string | null;
  signIn: (token: string) => void;
  signOut: () => void;
};

function readToken(): string | null {
  try {
    return localStorage.getItem(STAFF_TOKEN_KEY);
  } catch {
    // Storage can throw (private mode, disabled cookies): the back office still works in memory.
    return null;
  }
}

function writeToken(token: string | null): void {
  try {
    if (token) localStorage.setItem(STAFF_TOKEN_KEY, token);
    else localStorage.removeItem(STAFF_TOKEN_KEY);
  } catch {
    // As above: nothing to keep it in, the session lasts as long as the page.
  }
}

export const useStaffSession = create<StaffSessionState>()((set) => ({
  token: readToken(),
  signIn: (token) => set({ token }),
  signOut: () => set({ token: null }),
}));

useStaffSession.subscribe(({ token }, previous) => {
  if (token !== previous.token) writeToken(token);
});

export function getStaffToken(): string | null {
  return useStaffSession.getState().token;
}
