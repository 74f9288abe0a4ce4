import { SimpleGrid } from '@mantine/core';
import { TRANSFER_NONE, WALLET_ACCOUNT } from '@wallet/contract/wallet';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AppModal, ErrorModal } from '../../../components/ui/app-modal';
import { useCurrencyUnit, useMoney } from '../../../hooks/use-money';
import { showSuccessAlert, showToast } from '../../../lib/alerts';
import { errorText, fieldErrorText } from '../../../lib/errors';
import { formatAmount } from '../../../lib/format';
import { useLocale } from '../../../lib/i18n';
import { useWithdrawLimits } from '../../lookup/api/get-withdraw-limits';
import { useWallet } from '../api/get-wallet';
import { useTransfer } from '../api/transfer';
import { emptyTransferForm, transferFormSchema } from '../money-forms';
import { type AccountOption, AccountPicker } from './account-picker';
import { MoneyMoveForm } from './money-move-form';

type TransferModalProps = { opened: boolean; onClose: () => void };

/** The spec's screens: from and to sliders (placeholder, Wallet, each active game), amount. */
export function TransferModal({ opened, onClose }: TransferModalProps) {
  const { t } = useTranslation();
  const money = useMoney();
  const unit = useCurrencyUnit();
  const locale = useLocale();
  // The minimum of the member's currency (issue 30); the server checks it whatever this says.
  const { data: limits } = useWithdrawLimits();
  const transferMin = limits?.transferMin ?? 0;
  const { data: wallet } = useWallet();
  const transfer = useTransfer();
  const [failure, setFailure] = useState<string | null>(null);

  const options: AccountOption[] = [
    { value: TRANSFER_NONE, label: t('transfer.choose') },
    {
      value: WALLET_ACCOUNT,
      label: t('wallet.wallet'),
      detail: wallet ? money(wallet.wallet.amount) : undefined,
    },
    ...(wallet?.slots ?? [])
      .filter((slot) => slot.isActive)
      .map((slot) => ({
        value: slot.code,
        label: slot.name,
        // A provider in maintenance stays listed with its money; the server refuses the move.
        detail: slot.maintenance
          ? `${money(slot.amount)} · ${t('game.maintenance')}`
          : money(slot.amount),
      })),
  ];

  return (
    <>
      <AppModal opened={opened} onClose={onClose} title={t('transfer.title')}>
        <MoneyMoveForm
          schema={transferFormSchema({ transferMin })}
          defaultValues={emptyTransferForm}
          amountLabel={t('transfer.amount', { unit })}
          bounds={{ min: formatAmount(transferMin, locale), unit }}
          submitLabel={t('transfer.submit')}
          pending={transfer.isPending}
          send={(body, idempotencyKey) => transfer.mutateAsync({ body, idempotencyKey })}
          onDone={(answer) => {
            if (answer.status === 'processing') {
              showToast('info', t('transfer.processing'), t('transfer.processingTitle'));
            } else {
              showSuccessAlert(t('transfer.success', { amount: money(answer.amount) }));
            }
          }}
          // The spec's error catalogue: a transfer error shows an error dialog (TRANSFER_FAIL: funds back).
          onFailure={(error) => setFailure(errorText(error))}
          onClose={onClose}
          head={(control, errors) => (
            <SimpleGrid cols={2} spacing="sm">
              {(['from', 'to'] as const).map((side) => (
                <Controller
                  key={side}
                  control={control}
                  name={side}
                  render={({ field }) => (
                    <AccountPicker
                      label={t(`transfer.${side}`)}
                      options={options}
                      value={field.value}
                      onChange={field.onChange}
                      error={fieldErrorText(errors[side]?.message)}
                    />
                  )}
                />
              ))}
            </SimpleGrid>
          )}
        />
      </AppModal>
      <ErrorModal error={failure} onClose={() => setFailure(null)} />
    </>
  );
}
