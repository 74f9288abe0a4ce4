import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { inviteCodeOf } from '@wallet/contract/account';
import type { MemberDetail } from '@wallet/contract/staff-members';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAccountNo, formatDateTime } from '../../../../lib/format';
import { useStaffMoney } from '../../money';
import { StatCard } from '../stat-card';
import { MemberLink } from './member-link';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} component="div">
        {children}
      </Text>
    </Stack>
  );
}

/** Who the member is: how they sign in, their bank account as the bank writes it, where from. */
export function MemberProfile({ member }: { member: MemberDetail['member'] }) {
  const { t } = useTranslation();
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-label={t('backoffice.member.profile')}
    >
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" verticalSpacing="sm">
        <Field label={t('backoffice.members.columns.username')}>{member.username}</Field>
        <Field label={t('backoffice.members.columns.currency')}>{member.currency}</Field>
        <Field label={t('backoffice.members.columns.bank')}>
          {member.bankCode} {formatAccountNo(member.bankAccountNo)}
        </Field>
        <Field label={t('backoffice.member.bankAccountName')}>{member.bankAccountName}</Field>
        <Field label={t('backoffice.member.registered')}>{formatDateTime(member.createdAt)}</Field>
        <Field label={t('backoffice.member.source')}>{member.sourceCode ?? '—'}</Field>
        <Field label={t('backoffice.member.invitedBy')}>
          {member.inviterId === null ? '—' : <MemberLink id={member.inviterId} />}
        </Field>
        <Field label={t('backoffice.member.inviteCode')}>{inviteCodeOf(member.id)}</Field>
        <Field label={t('backoffice.member.coins')}>{member.coin}</Field>
      </SimpleGrid>
    </Paper>
  );
}

/** The balance of each of the member's ledger accounts, all in the member's wallet currency. */
export function MemberBalances({
  balances,
  currency,
}: {
  balances: MemberDetail['balances'];
  currency: string;
}) {
  const { t } = useTranslation();
  const money = useStaffMoney();
  return (
    <Stack gap="xs" component="section" aria-label={t('backoffice.member.balances')}>
      <Title order={2} size="h5">
        {t('backoffice.member.balances')}
      </Title>
      {balances.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('backoffice.member.noBalances')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, md: 5 }}>
          {balances.map((account) => (
            <StatCard
              key={`${account.kind}:${account.providerCode}`}
              label={t(`backoffice.member.accounts.${account.kind}`, {
                defaultValue: account.kind,
                provider: account.providerCode,
              })}
              value={money(account.balance, currency)}
              testId={`balance-${account.kind}${account.providerCode ? `-${account.providerCode}` : ''}`}
            />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
