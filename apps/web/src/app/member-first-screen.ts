/**
 * The member's first screen, the shell and its home, behind one lazy import: the router loads
 * both together (app/router.tsx), and the build plans the `member` and `shared` chunks from what
 * this module imports (vite.config.ts, memberChunks). One import is one request for the module
 * itself, where two would be two (Rolldown gives each lazily imported module of a grouped chunk a
 * small chunk of its own that re-exports it).
 */

export { HomePage } from './pages/home-page';
export { UserShell } from './shells/user-shell';
