import { Badge, Group, Stack, Text } from '@mantine/core';
import type { OperatorDepositAccount } from '@wallet/contract/operator-accounts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDepositAccounts } from '../../api/get-deposit-accounts';
import { useSaveDepositAccount } from '../../api/save-deposit-account';
import { AccountsTable } from './accounts-table';
import { DepositAccountModal, depositFieldsOf } from './deposit-account-modal';

const nameOf = (account: OperatorDepositAccount) => `${account.bankCode} ${account.accountNo}`;

/**
 * The bank and QR provider accounts members pay into, in the order they see them
 * (`settings.deposits` changes them, every change with a reason; the others read them).
 */
export function DepositAccountsTable({ mayChange }: { mayChange: boolean }) {
  const { t, i18n } = useTranslation();
  const query = useDepositAccounts();
  const save = useSaveDepositAccount();
  const [editing, setEditing] = useState<OperatorDepositAccount | 'new' | null>(null);
  const column = (field: string) => t(`backoffice.settings.accounts.columns.${field}`);

  return (
    <>
      <AccountsTable<OperatorDepositAccount>
        title={t('backoffice.settings.accounts.banksTitle')}
        addLabel={t('backoffice.settings.accounts.add')}
        mayChange={mayChange}
        list="deposit-accounts"
        query={query}
        nameOf={nameOf}
        setActive={(account, active, reason) =>
          save.mutateAsync({
            id: account.id,
            account: { ...depositFieldsOf(account), active },
            reason,
          })
        }
        onEdit={setEditing}
        columns={[
          {
            accessor: 'bankCode',
            title: column('bank'),
            render: (account) => (
              <Stack gap={0}>
                <Group gap={6}>
                  <Text size="sm" fw={600}>
                    {account.bankCode}
                  </Text>
                  <Badge
                    size="xs"
                    variant="light"
                    color={account.bankType === 'PAYMENT' ? 'grape' : 'blue'}
                  >
                    {t(`backoffice.settings.accounts.kinds.${account.bankType}`)}
                  </Badge>
                </Group>
                <Text size="xs" c="dimmed">
                  {i18n.language === 'th' ? account.nameTH : account.nameEN}
                </Text>
              </Stack>
            ),
          },
          { accessor: 'accountName', title: column('accountName') },
          { accessor: 'accountNo', title: column('accountNo') },
          { accessor: 'currency', title: column('currency') },
          {
            accessor: 'mode',
            title: column('mode'),
            render: (account) => t(`backoffice.settings.accounts.modes.${account.mode}`),
          },
        ]}
      />
      <DepositAccountModal account={editing} onClose={() => setEditing(null)} />
    </>
  );
}
