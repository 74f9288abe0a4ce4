import {
  Avatar,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronRight, IconHeadset, IconUserCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../components/ui/link';
import { errorText } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { paths } from '../../../lib/navigation';
import { useProfile } from '../api/get-profile';

function QuickLink({
  to,
  icon,
  label,
  hint,
}: {
  to: string;
  icon: ReactNode;
  label: string;
  hint: string;
}) {
  return (
    <UnstyledButton component={Link} to={to}>
      <Paper p="md" withBorder>
        <Group wrap="nowrap" gap="sm">
          <ThemeIcon size={40} radius="xl" variant="light">
            {icon}
          </ThemeIcon>
          <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
            <Text fw={600}>{label}</Text>
            <Text size="xs" c="dimmed" truncate>
              {hint}
            </Text>
          </Stack>
          <IconChevronRight size={18} aria-hidden />
        </Group>
      </Paper>
    </UnstyledButton>
  );
}

/**
 * /user/home. For now a profile greeting and quick links; the wallet card, game carousels and
 * agreement modal of SPEC.md section 2 arrive with the wallet issue.
 */
export function HomePage() {
  const { t } = useTranslation();
  const { data, error } = useProfile();
  const profile = data?.profile;

  return (
    <Stack gap="lg">
      <Paper p="lg" className="wallet-hero-card">
        {profile ? (
          <Group wrap="nowrap" gap="md">
            <Avatar size={56} radius="xl" color="gold" variant="filled" name={profile.name} />
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text size="sm" c="dimmed">
                {t('home.greeting')}
              </Text>
              <Title
                order={1}
                size="h3"
                className="wallet-gold-text"
                style={{ overflowWrap: 'anywhere' }}
              >
                {profile.name}
              </Title>
              <Text size="xs" c="dimmed">
                {t('home.memberSince', { date: formatDateTime(profile.createdAt) })}
              </Text>
            </Stack>
          </Group>
        ) : error ? (
          <Text c="red.4">{errorText(error)}</Text>
        ) : (
          <Group wrap="nowrap" gap="md" aria-busy>
            <Skeleton circle height={56} />
            <Stack gap={6} style={{ flex: 1 }}>
              <Skeleton height={10} width="40%" />
              <Skeleton height={18} width="70%" />
            </Stack>
          </Group>
        )}
      </Paper>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <QuickLink
          to={paths.profile}
          icon={<IconUserCircle size={22} aria-hidden />}
          label={t('home.profileLink')}
          hint={t('home.profileHint')}
        />
        <QuickLink
          to={paths.userContact}
          icon={<IconHeadset size={22} aria-hidden />}
          label={t('home.contactLink')}
          hint={t('home.contactHint')}
        />
      </SimpleGrid>
    </Stack>
  );
}
