import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { paths } from '../../lib/navigation';
import classes from './auth-switch.module.css';

/** The spec's screens: /login and /register carry a switch menu between them. */
export function AuthSwitch() {
  const { t } = useTranslation();
  return (
    <nav className={classes.root} aria-label={t('auth.switchLabel')}>
      <NavLink to={paths.login} className={classes.item}>
        {t('auth.loginTab')}
      </NavLink>
      <NavLink to={paths.register} className={classes.item}>
        {t('auth.registerTab')}
      </NavLink>
    </nav>
  );
}
