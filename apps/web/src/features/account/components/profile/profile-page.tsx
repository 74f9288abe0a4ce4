import {
  ActionIcon,
  Avatar,
  Center,
  Divider,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCopy, IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../../lib/errors';
import { bankName, formatAccountNo, formatDateTime } from '../../../../lib/format';
import { useLocale } from '../../../../lib/i18n';
import { useProfile } from '../../api/get-profile';
import { ChangePasswordModal } from './change-password-modal';
import { useLatinNameCopy } from './use-latin-name-copy';

function InfoRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.5}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/** /user/profile (the spec's screens). */
export function ProfilePage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { data, error, isPending } = useProfile();
  const [passwordOpened, passwordModal] = useDisclosure(false);
  const nameCopy = useLatinNameCopy();

  if (isPending) {
    return (
      <Center py="xl">
        <Loader color="gold" type="dots" aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (error || !data) return <Text c="red.4">{errorText(error)}</Text>;

  const { profile, bankAccount } = data;

  return (
    <Stack gap="lg">
      <Paper p="lg" className="wallet-hero-card">
        <Group wrap="nowrap" align="flex-start" gap="md">
          <Avatar size={64} radius="xl" color="gold" variant="filled" name={profile.name} />
          <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
            <Title order={1} size="h3" style={{ overflowWrap: 'anywhere' }}>
              {profile.name}
            </Title>
            <Text size="sm" c="dimmed">
              {t('profile.memberId', { id: profile._id })}
            </Text>
            <Text size="xs" c="dimmed">
              {t('profile.createdAt', { date: formatDateTime(profile.createdAt) })}
            </Text>
          </Stack>
          <Tooltip label={t('profile.changePassword')}>
            <ActionIcon
              size="xl"
              radius="xl"
              variant="light"
              onClick={passwordModal.open}
              aria-label={t('profile.changePassword')}
            >
              <IconLock size={22} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Paper>

      <Paper p="lg" withBorder>
        <Stack gap="md">
          <TextInput label={t('profile.username')} value={profile.username} readOnly />
          <Divider />
          <InfoRow label={t('profile.bankAccountName')}>
            <Text fw={600}>{bankAccount.bankAccountName}</Text>
          </InfoRow>
          <InfoRow label={t('profile.bankName')}>
            <Text fw={600}>{bankName(bankAccount.bank, locale)}</Text>
          </InfoRow>
          <InfoRow label={t('profile.bankAccountNo')}>
            <Group gap="xs" wrap="nowrap">
              <Text fw={700} size="lg" ff="monospace" className="wallet-gold-text">
                {formatAccountNo(bankAccount.bankAccountNo)}
              </Text>
              <ActionIcon
                variant="subtle"
                color="gray"
                // For KTB/TMB/BBL with a non-Latin name this asks for the English name first.
                onClick={() => nameCopy.copy(bankAccount.bankAccountNo)}
                aria-label={t('profile.copyAccountNo')}
              >
                <IconCopy size={18} />
              </ActionIcon>
            </Group>
          </InfoRow>
        </Stack>
      </Paper>

      <ChangePasswordModal opened={passwordOpened} onClose={passwordModal.close} />
      {nameCopy.editor}
    </Stack>
  );
}
