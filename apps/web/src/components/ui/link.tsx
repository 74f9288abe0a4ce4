import type { AnchorHTMLAttributes, MouseEvent, Ref } from 'react';
import { useHref, useLinkClickHandler, useLocation, useResolvedPath } from 'react-router';

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string;
  replace?: boolean;
  ref?: Ref<HTMLAnchorElement>;
};

/**
 * React Router's `<Link>` for an in-app path: a real `<a href>` whose plain left click navigates
 * in the app (React Router's own click rules: modifier keys, `target`, same-URL replace). React
 * Router's component also carries framework-mode prefetching, which the app does not use and
 * /login would pay for (bundle budget).
 */
export function Link({ to, replace, target, onClick, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, target });
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented) navigate(event);
  };
  return <a {...rest} href={href} target={target} onClick={handleClick} />;
}

export type NavLinkProps = LinkProps & {
  /** Active only on this exact path, not on the paths below it. */
  end?: boolean;
};

/**
 * React Router's `<NavLink>` as the app uses it: the link of the current page carries
 * `aria-current="page"` and the `active` class (React Router's matching rules).
 */
export function NavLink({ to, end = false, className, ...rest }: NavLinkProps) {
  const current = useLocation().pathname.toLowerCase();
  const target = useResolvedPath(to).pathname.toLowerCase();
  const active =
    current === target ||
    (!end && current.startsWith(target) && current.charAt(target.length) === '/');
  return (
    <Link
      {...rest}
      to={to}
      aria-current={active ? 'page' : undefined}
      className={active ? [className, 'active'].filter(Boolean).join(' ') : className}
    />
  );
}
