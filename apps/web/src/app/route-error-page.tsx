import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage } from './pages/not-found-page';

/** Last line of defence: a failed chunk or loader shows a way out instead of a blank page. */
export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <Center mih="100vh" p="lg">
      <Stack align="center" gap="md" maw={360} ta="center">
        <Title order={1} size="h3">
          {t('common.errorTitle')}
        </Title>
        <Text c="dimmed">{t('common.somethingWentWrong')}</Text>
        <Button leftSection={<IconRefresh size={18} />} onClick={() => window.location.reload()}>
          {t('common.reload')}
        </Button>
      </Stack>
    </Center>
  );
}
