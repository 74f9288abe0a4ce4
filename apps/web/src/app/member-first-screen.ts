/**
 * The member's first screen, the shell and its home, behind one lazy import, with the
 * stylesheets of the Mantine components they add to the entry's: the router loads both
 * together (app/router.tsx), one request for the module where two imports would be two.
 */
import '../styles/mantine-member';

export { HomePage } from './pages/home-page';
export { UserShell } from './shells/user-shell';
