/**
 * The member's first screen, the shell and its home, behind one lazy import: the router loads
 * both together (app/router.tsx), one request for the module where two imports would be two,
 * and the build groups what they import into one chunk (vite.config.ts).
 */
export { HomePage } from './pages/home-page';
export { UserShell } from './shells/user-shell';
