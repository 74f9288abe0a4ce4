import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DepositAccountsTable } from './deposit-accounts-table';
import { PanelIntro } from './settings-parts';
import { TruemoneyAccountsTable } from './truemoney-accounts-table';

/**
 * Where members pay in (`settings.deposits`: admin and finance change, the others of
 * `settings.read` read): the bank and QR provider accounts, then the TrueMoney wallets.
 */
export function DepositsPanel({ mayChange }: { mayChange: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xl">
      <PanelIntro
        text={t('backoffice.settings.accounts.intro')}
        readOnly={mayChange ? null : t('backoffice.settings.accounts.readOnly')}
      />
      <DepositAccountsTable mayChange={mayChange} />
      <TruemoneyAccountsTable mayChange={mayChange} />
    </Stack>
  );
}
