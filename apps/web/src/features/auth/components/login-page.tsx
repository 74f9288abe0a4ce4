import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AuthSwitch } from '../../../components/ui/auth-switch';
import { paths } from '../../../lib/navigation';
import { useSessionStore } from '../../../lib/session-store';
import { LoginForm } from './login-form';

/** /login, the home of the public shell (the spec's screens). */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signIn = useSessionStore((s) => s.signIn);

  return (
    <Stack gap="lg" pt="sm">
      <AuthSwitch />
      <Paper p="lg" className="wallet-hero-card">
        <Stack gap={4} mb="lg">
          <Title order={1} size="h2">
            {t('auth.loginTitle')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('auth.loginSubtitle')}
          </Text>
        </Stack>
        <LoginForm
          onSignedIn={(token, remember) => {
            signIn(token, remember);
            void navigate(paths.user, { replace: true });
          }}
        />
      </Paper>
      <Group justify="center" gap="xs">
        <Text size="sm" c="dimmed">
          {t('auth.noAccount')}
        </Text>
        <Anchor component={Link} to={paths.register} size="sm" fw={600}>
          {t('auth.registerNow')}
        </Anchor>
      </Group>
      <Anchor component={Link} to={paths.howto} size="sm" ta="center" c="dimmed">
        <Group gap={6} justify="center" component="span">
          <IconPlayerPlay size={16} aria-hidden />
          {t('howto.linkLabel')}
        </Group>
      </Anchor>
    </Stack>
  );
}
