import { RouteError } from '../components/ui/route-error';
import { useFirstScreen } from '../lib/next-paint';

/** The member app's errorElement: the shared way out (RouteError), marking the first screen. */
export function RouteErrorPage() {
  // The root's error element may be the page's first screen.
  useFirstScreen();
  return <RouteError />;
}
