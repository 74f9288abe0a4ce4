import { Center, Loader, Stack, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../components/ui/brand-mark';

/**
 * Shown while the first screen's chunks and guards are on their way: the brand mark paints at
 * once (a first contentful paint before the screen's own code has arrived), the dots say more
 * is coming.
 */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center mih="60vh" role="status" aria-live="polite">
      <Stack align="center" gap="md">
        <BrandMark size={56} />
        <Loader color="gold" type="dots" aria-hidden />
        <VisuallyHidden>{t('common.loading')}</VisuallyHidden>
      </Stack>
    </Center>
  );
}
