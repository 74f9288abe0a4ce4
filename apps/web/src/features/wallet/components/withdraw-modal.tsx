import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, NumberInput, Paper, Stack, Text } from '@mantine/core';
import type { WithdrawLimitsResponse } from '@wallet/contract/lookup';
import type { WithdrawRequest } from '@wallet/contract/wallet';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCurrencyUnit, useMoney } from '../../../hooks/use-money';
import { showErrorAlert, showSuccessAlert } from '../../../lib/alerts';
import { fieldErrorText } from '../../../lib/errors';
import { formatAmount } from '../../../lib/format';
import { useLocale } from '../../../lib/i18n';
import { useIdempotentAction } from '../../../lib/idempotency';
import { useWithdrawLimits } from '../../lookup/api/get-withdraw-limits';
import { useWallet } from '../api/get-wallet';
import { useWithdrawAll } from '../api/withdraw-all';
import { type WithdrawFormValues, withdrawFormSchema } from '../money-forms';

type WithdrawModalProps = { opened: boolean; onClose: () => void };

/** SPEC.md section 2: the wallet with its total, an amount, confirm. */
export function WithdrawModal({ opened, onClose }: WithdrawModalProps) {
  const { t } = useTranslation();
  const { data: limits } = useWithdrawLimits();
  return (
    <Modal opened={opened} onClose={onClose} title={t('withdraw.title')} centered>
      {limits ? (
        <WithdrawForm limits={limits} onClose={onClose} />
      ) : (
        <Text c="dimmed" size="sm">
          {t('common.loading')}
        </Text>
      )}
    </Modal>
  );
}

function WithdrawForm({
  limits,
  onClose,
}: {
  limits: WithdrawLimitsResponse;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const money = useMoney();
  const unit = useCurrencyUnit();
  const { data: wallet } = useWallet();
  const withdraw = useWithdrawAll();
  const idempotent = useIdempotentAction();
  const {
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<WithdrawFormValues, unknown, WithdrawRequest>({
    resolver: zodResolver(withdrawFormSchema(limits)),
    defaultValues: { amount: '' },
  });

  const onSubmit = handleSubmit(async (body) => {
    try {
      const answer = await idempotent(body, (idempotencyKey) =>
        withdraw.mutateAsync({ body, idempotencyKey }),
      );
      onClose();
      showSuccessAlert(t('withdraw.success', { amount: money(answer.amount) }));
    } catch (error) {
      showErrorAlert(error);
    }
  });

  const bounds = {
    min: formatAmount(limits.withdrawMin, locale),
    max: formatAmount(limits.withdrawMax, locale),
    unit,
  };
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Paper p="md" radius="md" className="wallet-hero-card">
          <Text size="sm" c="dimmed">
            {t('wallet.total')}
          </Text>
          <Text fz={24} fw={700} className="wallet-gold-text" data-testid="withdraw-total">
            {wallet ? money(wallet.total) : ''}
          </Text>
        </Paper>
        <Controller
          control={control}
          name="amount"
          render={({ field }) => (
            <NumberInput
              label={t('withdraw.amount', { unit })}
              description={t('withdraw.limits', bounds)}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              min={0}
              decimalScale={2}
              thousandSeparator=","
              inputMode="decimal"
              hideControls
              error={fieldErrorText(errors.amount?.message, bounds)}
            />
          )}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={withdraw.isPending}>
            {t('withdraw.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
