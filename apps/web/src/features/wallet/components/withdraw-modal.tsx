import { Paper, Text } from '@mantine/core';
import type { WithdrawLimitsResponse } from '@wallet/contract/lookup';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/ui/app-modal';
import { useCurrencyUnit, useMoney } from '../../../hooks/use-money';
import { showErrorAlert, showSuccessAlert } from '../../../lib/alerts';
import { formatAmount } from '../../../lib/format';
import { useLocale } from '../../../lib/i18n';
import { useWithdrawLimits } from '../../lookup/api/get-withdraw-limits';
import { useWallet } from '../api/get-wallet';
import { useWithdrawAll } from '../api/withdraw-all';
import { withdrawFormSchema } from '../money-forms';
import { MoneyMoveForm } from './money-move-form';

type WithdrawModalProps = { opened: boolean; onClose: () => void };

/** The spec's screens: the wallet with its total, an amount, confirm. */
export function WithdrawModal({ opened, onClose }: WithdrawModalProps) {
  const { t } = useTranslation();
  const { data: limits } = useWithdrawLimits();
  return (
    <AppModal opened={opened} onClose={onClose} title={t('withdraw.title')}>
      {limits ? (
        <WithdrawForm limits={limits} onClose={onClose} />
      ) : (
        <Text c="dimmed" size="sm">
          {t('common.loading')}
        </Text>
      )}
    </AppModal>
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

  const bounds = {
    min: formatAmount(limits.withdrawMin, locale),
    max: formatAmount(limits.withdrawMax, locale),
    unit,
  };
  return (
    <MoneyMoveForm
      schema={withdrawFormSchema(limits)}
      defaultValues={{ amount: '' }}
      amountLabel={t('withdraw.amount', { unit })}
      amountDescription={t('withdraw.limits', bounds)}
      bounds={bounds}
      submitLabel={t('withdraw.submit')}
      pending={withdraw.isPending}
      send={(body, idempotencyKey) => withdraw.mutateAsync({ body, idempotencyKey })}
      onDone={(answer) => showSuccessAlert(t('withdraw.success', { amount: money(answer.amount) }))}
      onFailure={showErrorAlert}
      onClose={onClose}
      head={() => (
        <Paper p="md" radius="md" className="wallet-hero-card">
          <Text size="sm" c="dimmed">
            {t('wallet.total')}
          </Text>
          <Text fz={24} fw={700} className="wallet-gold-text" data-testid="withdraw-total">
            {wallet ? money(wallet.total) : ''}
          </Text>
        </Paper>
      )}
    />
  );
}
