import { Button, Center, Code, Group, Image, Stack, Text, Title } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import type { StaffEnrolment as Enrolment } from '@wallet/contract/staff';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../lib/clipboard';
import { classes } from './classes';

/** A base32 secret in groups of four, as authenticator apps print it: easier to type by hand. */
function groupedSecret(secret: string): string {
  return secret.replace(/(.{4})(?!$)/g, '$1 ');
}

/**
 * A new authenticator to set up (first sign-in, or after an admin reset it): the QR picture to
 * scan, and the secret to type in where scanning is not possible. The code it then shows
 * confirms it (the code form below this).
 */
export function StaffEnrolment({ enrol }: { enrol: Enrolment }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('backoffice.login.enrol.title')}
      </Title>
      <Text size="sm">{t('backoffice.login.enrol.scan')}</Text>
      <Center>
        <Image
          src={enrol.qr}
          alt={t('backoffice.login.enrol.qr')}
          w={184}
          h={184}
          className={classes.qr}
        />
      </Center>
      <Text size="sm" c="dimmed">
        {t('backoffice.login.enrol.manual')}
      </Text>
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Code className={classes.secret}>{groupedSecret(enrol.secret)}</Code>
        <Button
          variant="default"
          style={{ flexShrink: 0 }}
          size="compact-sm"
          leftSection={<IconCopy size={16} aria-hidden />}
          onClick={() => void copyText(enrol.secret)}
        >
          {t('backoffice.login.enrol.copy')}
        </Button>
      </Group>
    </Stack>
  );
}
