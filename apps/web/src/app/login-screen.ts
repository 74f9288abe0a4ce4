/**
 * /login's screen with the stylesheets of the Mantine components it adds to the entry's: the
 * router loads this one module for it (app/router.tsx), so its styles come with its code.
 */
import '../styles/mantine-login';

export { LoginPage } from '../features/auth/components/login-page';
