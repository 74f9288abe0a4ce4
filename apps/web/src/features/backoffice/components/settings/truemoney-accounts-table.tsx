import type { OperatorTruemoneyAccount } from '@wallet/contract/operator-accounts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTruemoneyAccounts } from '../../api/get-truemoney-accounts';
import { useSaveTruemoneyAccount } from '../../api/save-truemoney-account';
import { AccountsTable } from './accounts-table';
import { TruemoneyAccountModal, truemoneyFieldsOf } from './truemoney-account-modal';

/**
 * The TrueMoney wallets members send baht to, in the order they see them (the first gift-link
 * wallet that is on receives gift links); `settings.deposits` changes them.
 */
export function TruemoneyAccountsTable({ mayChange }: { mayChange: boolean }) {
  const { t } = useTranslation();
  const query = useTruemoneyAccounts();
  const save = useSaveTruemoneyAccount();
  const [editing, setEditing] = useState<OperatorTruemoneyAccount | 'new' | null>(null);

  return (
    <>
      <AccountsTable<OperatorTruemoneyAccount>
        title={t('backoffice.settings.wallets.title')}
        addLabel={t('backoffice.settings.wallets.add')}
        mayChange={mayChange}
        list="truemoney-accounts"
        query={query}
        nameOf={(wallet) => wallet.phone}
        setActive={(wallet, active, reason) =>
          save.mutateAsync({
            id: wallet.id,
            account: { ...truemoneyFieldsOf(wallet), active },
            reason,
          })
        }
        onEdit={setEditing}
        columns={[
          { accessor: 'phone', title: t('backoffice.settings.wallets.fields.phone') },
          {
            accessor: 'mode',
            title: t('backoffice.settings.wallets.fields.mode'),
            render: (wallet) => t(`backoffice.settings.wallets.modes.${wallet.mode}`),
          },
        ]}
      />
      <TruemoneyAccountModal wallet={editing} onClose={() => setEditing(null)} />
    </>
  );
}
