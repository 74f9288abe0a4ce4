import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { ModalsProvider, modals } from '@mantine/modals';
import { TRANSFER_NONE, type TransferRequest, WALLET_ACCOUNT } from '@wallet/contract/wallet';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCurrencyUnit, useMoney } from '../../../hooks/use-money';
import { showSuccessAlert, showToast } from '../../../lib/alerts';
import { errorText, fieldErrorText } from '../../../lib/errors';
import { formatAmount } from '../../../lib/format';
import { useLocale } from '../../../lib/i18n';
import { useIdempotentAction } from '../../../lib/idempotency';
import { useWithdrawLimits } from '../../lookup/api/get-withdraw-limits';
import { useWallet } from '../api/get-wallet';
import { useTransfer } from '../api/transfer';
import { emptyTransferForm, type TransferFormValues, transferFormSchema } from '../money-forms';
import { type AccountOption, AccountPicker } from './account-picker';

type TransferModalProps = { opened: boolean; onClose: () => void };

/** SPEC.md section 2: from and to sliders (placeholder, Wallet, each active game), amount. */
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
  const idempotent = useIdempotentAction();
  const {
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<TransferFormValues, unknown, TransferRequest>({
    resolver: zodResolver(transferFormSchema({ transferMin })),
    defaultValues: emptyTransferForm,
  });

  const options: AccountOption[] = [
    { value: TRANSFER_NONE, label: t('transfer.choose') },
    {
      value: WALLET_ACCOUNT,
      label: t('wallet.wallet'),
      detail: wallet ? money(wallet.wallet.amount) : undefined,
    },
    ...(wallet?.slots ?? [])
      .filter((slot) => slot.isActive)
      .map((slot) => ({ value: slot.code, label: slot.name, detail: money(slot.amount) })),
  ];

  const close = () => {
    reset(emptyTransferForm);
    onClose();
  };

  const onSubmit = handleSubmit(async (body) => {
    try {
      const answer = await idempotent(body, (idempotencyKey) =>
        transfer.mutateAsync({ body, idempotencyKey }),
      );
      close();
      if (answer.status === 'processing') {
        showToast('info', t('transfer.processing'), t('transfer.processingTitle'));
      } else {
        showSuccessAlert(t('transfer.success', { amount: money(answer.amount) }));
      }
    } catch (error) {
      // SPEC.md section 8: a transfer error shows an error dialog (TRANSFER_FAIL: funds back).
      modals.open({
        title: t('common.errorTitle'),
        centered: true,
        children: <Text>{errorText(error)}</Text>,
      });
    }
  });

  // The error dialog above (modals.open) has its manager here: nothing else uses one.
  return (
    <ModalsProvider>
      <Modal opened={opened} onClose={close} title={t('transfer.title')} centered>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <SimpleGrid cols={2} spacing="sm">
              <Controller
                control={control}
                name="from"
                render={({ field }) => (
                  <AccountPicker
                    label={t('transfer.from')}
                    options={options}
                    value={field.value}
                    onChange={field.onChange}
                    error={fieldErrorText(errors.from?.message)}
                  />
                )}
              />
              <Controller
                control={control}
                name="to"
                render={({ field }) => (
                  <AccountPicker
                    label={t('transfer.to')}
                    options={options}
                    value={field.value}
                    onChange={field.onChange}
                    error={fieldErrorText(errors.to?.message)}
                  />
                )}
              />
            </SimpleGrid>
            <Controller
              control={control}
              name="amount"
              render={({ field }) => (
                <NumberInput
                  label={t('transfer.amount', { unit })}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  min={0}
                  decimalScale={2}
                  thousandSeparator=","
                  inputMode="decimal"
                  hideControls
                  error={fieldErrorText(errors.amount?.message, {
                    min: formatAmount(transferMin, locale),
                    unit,
                  })}
                />
              )}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={transfer.isPending}>
                {t('transfer.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </ModalsProvider>
  );
}
