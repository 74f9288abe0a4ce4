import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandMark } from '../../components/ui/brand-mark';

/** Any unknown path (the spec's screens). */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Center mih="100vh" p="lg">
      <Stack align="center" gap="md" maw={360} ta="center">
        <BrandMark size={56} />
        <Text fz={64} fw={800} lh={1} className="wallet-gold-text" aria-hidden>
          404
        </Text>
        <Title order={1} size="h2">
          {t('notFound.title')}
        </Title>
        <Text c="dimmed">{t('notFound.text')}</Text>
        <Button component={Link} to="/" leftSection={<IconHome size={18} aria-hidden />}>
          {t('notFound.home')}
        </Button>
      </Stack>
    </Center>
  );
}
