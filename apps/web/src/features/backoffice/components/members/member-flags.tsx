import { Alert, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { MemberFlag } from '@wallet/contract/staff-members';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../lib/format';
import { useStaffMoney } from '../../money';
import { MemberLink } from './member-link';

/** One flag in words, with the other members it names, each opening their page. */
function FlagText({ flag, currency }: { flag: MemberFlag; currency: string }) {
  const { t } = useTranslation();
  const money = useStaffMoney();
  switch (flag.kind) {
    case 'same-device':
    case 'same-address':
      return (
        <Group gap={6} wrap="wrap">
          <Text size="sm">{t(`backoffice.member.flags.${flag.kind}`)}</Text>
          {flag.members.map((other) => (
            <MemberLink key={other.id} id={other.id}>
              #{other.id} {other.username}
            </MemberLink>
          ))}
        </Group>
      );
    case 'bonus-then-withdrawal':
      return (
        <Text size="sm">
          {t('backoffice.member.flags.bonus-then-withdrawal', {
            amount: money(flag.amount, currency),
            withdrawalAt: formatDateTime(flag.withdrawalAt),
            bonusAt: formatDateTime(flag.bonusAt),
          })}
        </Text>
      );
    case 'failed-sign-ins':
      return (
        <Text size="sm">
          {t('backoffice.member.flags.failed-sign-ins', {
            count: flag.count,
            since: formatDateTime(flag.since),
          })}
        </Text>
      );
  }
}

/**
 * What a human should look at (docs/backoffice.md, "Flags"), computed by the server when the page
 * is read: hints for staff to look into, never a verdict.
 */
export function MemberFlags({ flags, currency }: { flags: MemberFlag[]; currency: string }) {
  const { t } = useTranslation();
  if (flags.length === 0) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={t('backoffice.member.flags.title')}
      aria-label={t('backoffice.member.flags.title')}
      role="region"
    >
      <Stack gap={4}>
        {flags.map((flag) => (
          <FlagText key={flag.kind} flag={flag} currency={currency} />
        ))}
      </Stack>
    </Alert>
  );
}
