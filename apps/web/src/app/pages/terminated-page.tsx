import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../components/ui/brand-mark';
import { LanguageSwitch } from '../../components/ui/language-switch';
import { useContact } from '../../features/lookup/api/get-contact';
import { useSiteInfo } from '../../features/lookup/api/get-info';
import { ContactDetails } from '../../features/lookup/components/contact-details';
import { useSiteName } from '../../features/lookup/use-site-title';

/**
 * The closed-service page (the spec's screens). The server keeps answering the info and contact
 * lookups while terminated (the API contract), so members still learn whom to reach.
 */
export function TerminatedPage() {
  const { t } = useTranslation();
  const { data: info } = useSiteInfo();
  useSiteName();
  const { data: contact } = useContact();
  return (
    <div className="wallet-column">
      <header className="wallet-topbar">
        <Group gap="xs" wrap="nowrap" style={{ flex: 1, minWidth: 0 }}>
          <BrandMark size={34} />
          <Text fw={700} size="lg" className="wallet-gold-text" truncate>
            {info?.name ?? t('common.appName')}
          </Text>
        </Group>
        <LanguageSwitch />
      </header>
      <main className="wallet-main" style={{ paddingBottom: 'var(--mantine-spacing-xl)' }}>
        <Stack gap="lg" align="stretch">
          <Paper p="xl" className="wallet-hero-card">
            <Stack align="center" ta="center" gap="sm">
              <IconPlugConnectedX size={48} color="var(--mantine-color-gold-4)" aria-hidden />
              <Title order={1} size="h2">
                {t('terminated.title')}
              </Title>
              <Text c="dimmed">
                {t('terminated.text', { name: info?.name ?? t('common.appName') })}
              </Text>
              {info?.website && (
                <Anchor
                  href={/^https?:/i.test(info.website) ? info.website : `https://${info.website}`}
                >
                  {info.website}
                </Anchor>
              )}
            </Stack>
          </Paper>
          {contact && <ContactDetails contact={contact} />}
        </Stack>
      </main>
    </div>
  );
}
