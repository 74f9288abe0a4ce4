import { Button, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { IconBrandLine } from '@tabler/icons-react';
import type { ContactResponse } from '@wallet/contract/lookup';
import { useTranslation } from 'react-i18next';

/** The LINE QR image and name/link of the contact lookup (the spec's screens). */
export function LineContact({ contact }: { contact: ContactResponse }) {
  const { t } = useTranslation();
  return (
    <Paper p="lg" className="wallet-hero-card">
      <Stack align="center" gap="sm">
        {contact.lineQR && (
          <Image
            src={contact.lineQR}
            alt={t('contact.lineQrAlt', { name: contact.lineName })}
            w={180}
            h={180}
            fit="contain"
            radius="md"
            bg="white"
            p={8}
          />
        )}
        <Group gap={6}>
          <IconBrandLine size={20} color="#06c755" aria-hidden />
          <Text fw={600}>{contact.lineName}</Text>
        </Group>
        {contact.lineLink && (
          <Button
            component="a"
            href={contact.lineLink}
            target="_blank"
            rel="noopener noreferrer"
            color="green"
            leftSection={<IconBrandLine size={18} aria-hidden />}
          >
            {t('contact.addLine')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
