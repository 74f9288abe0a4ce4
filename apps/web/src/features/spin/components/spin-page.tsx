import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SpinPanel } from './spin-panel';

/** /user/spin (the spec's screens): the prize wheel and the member's coupons. */
export function SpinPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t('spin.title')}
      </Title>
      <SpinPanel />
    </Stack>
  );
}
