import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown while a lazy screen or its loader is on its way. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center mih="60vh" role="status" aria-live="polite">
      <Loader color="gold" type="dots" aria-label={t('common.loading')} />
    </Center>
  );
}
