/**
 * /login's screen behind one lazy import (app/router.tsx); the build groups what it imports into
 * one chunk (vite.config.ts), so /login fetches a few chunks rather than one per module.
 */
export { LoginPage } from '../features/auth/components/login-page';
