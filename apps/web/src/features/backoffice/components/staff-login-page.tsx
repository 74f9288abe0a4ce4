import { Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LanguageSwitch } from '../../../components/ui/language-switch';
import { clearBackofficeCache } from '../api/staff-request';
import { backofficePaths } from '../paths';
import { classes } from './classes';
import { StaffLoginForm } from './staff-login-form';

/**
 * /backoffice/login: the operator's staff sign in here, apart from members. Its guard
 * has found nobody signed in, so nothing cached of an earlier session is kept.
 */
export function StaffLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(clearBackofficeCache, []);
  return (
    <main className={classes.login}>
      <div className={classes.loginTop}>
        <LanguageSwitch />
      </div>
      <Paper p="lg" className={classes.loginCard}>
        <Stack gap={4} mb="lg">
          <Title order={1} size="h2">
            {t('backoffice.login.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('backoffice.login.subtitle')}
          </Text>
        </Stack>
        {/* /backoffice opens the first section the role may use. */}
        <StaffLoginForm onSignedIn={() => void navigate(backofficePaths.home, { replace: true })} />
      </Paper>
    </main>
  );
}
