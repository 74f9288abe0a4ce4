import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/**
 * A router's last line of defence (its root's errorElement), in the member app and the back
 * office: a screen that throws, or a failed chunk or guard, shows a way out instead of a blank
 * page; the next navigation tries the screens again.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => console.error(error), [error]);
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
