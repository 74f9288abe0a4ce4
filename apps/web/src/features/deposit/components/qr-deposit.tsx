import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Image, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { type QrProvider, timings } from '@wallet/contract/constants';
import {
  canCreateQr,
  type QrAmountFormValues,
  type QrCreateRequest,
  type QrcodeState,
  qrAmountFormSchema,
  qrMaximum,
  qrMinimum,
  qrQuickAmountsFor,
} from '@wallet/contract/deposit';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MoneyInput } from '../../../components/ui/money-input';
import { useCurrency, useCurrencyUnit, useMoney } from '../../../hooks/use-money';
import { showErrorAlert, showErrorMessage, showSuccessAlert } from '../../../lib/alerts';
import { errorText } from '../../../lib/errors';
import { formatAmount } from '../../../lib/format';
import { useLocale } from '../../../lib/i18n';
import { useIdempotentAction } from '../../../lib/idempotency';
import { queryClient, refreshMoneyViews } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { useWithdrawLimits } from '../../lookup/api/get-withdraw-limits';
import { useCancelQr, useCreateQr, useQrcode } from '../api/qrcode';
import { qrOptions } from '../qr-options';

type LiveQr = Extract<QrcodeState, { hasQrcode: true }>;

/** Seconds as mm:ss (the spec's constants and limits: the QR countdown). */
export function mmss(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * One provider's QR deposit flow (the spec's states): the member's live QR there, or the amount
 * form that creates one. `onDone` closes the deposit modal.
 */
export function QrDeposit({ provider, onDone }: { provider: QrProvider; onDone: () => void }) {
  const { t } = useTranslation();
  const qr = useQrcode(provider);
  if (qr.isPending) return <Skeleton height={120} radius="md" />;
  if (qr.error) return <Text c="red.4">{errorText(qr.error)}</Text>;
  if (qr.data.hasQrcode) {
    // Keyed by the QR and its read, so the countdown restarts from each fresh `expireIn`.
    return (
      <ShownQr
        key={`${qr.data.qrcodeId}-${qr.dataUpdatedAt}`}
        provider={provider}
        qr={qr.data}
        onDone={onDone}
      />
    );
  }
  return (
    <Stack gap="xs">
      <QrAmountForm provider={provider} />
      <Text size="xs" c="dimmed">
        {t('deposit.qrRule')}
      </Text>
    </Stack>
  );
}

function QrAmountForm({ provider }: { provider: QrProvider }) {
  const { t } = useTranslation();
  const create = useCreateQr();
  const idempotent = useIdempotentAction();
  // The minimums and the largest deposit of the member's currency (issue 30).
  const { data: limits } = useWithdrawLimits();
  const unit = useCurrencyUnit();
  const locale = useLocale();
  const currency = useCurrency();
  const quickAmounts = qrQuickAmountsFor(provider, currency, qrOptions);
  const { control, handleSubmit, setValue, watch } = useForm<
    QrAmountFormValues,
    unknown,
    QrCreateRequest
  >({
    // Without the limits yet, the create button is off and nothing submits.
    resolver: limits ? zodResolver(qrAmountFormSchema(provider, limits)) : undefined,
    defaultValues: { amount: '' },
  });
  const typed = watch('amount');
  const value = typed === '' ? 0 : typed;

  // The spec's validation rules: nothing happens below 1 (qrCreateSchema's minimum), so a refusal here
  // shows nothing; the button's state already says what the provider takes.
  const onSubmit = handleSubmit(async ({ amount }) => {
    try {
      const state = await idempotent({ provider, amount }, (idempotencyKey) =>
        create.mutateAsync({ provider, amount, idempotencyKey }),
      );
      if (!state.hasQrcode) {
        showErrorMessage(state.message ?? t('errors.QR_FAIL'), t('errors.QR_FAIL'));
      }
    } catch (error) {
      showErrorAlert(error);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="sm">
        <SimpleGrid cols={3} spacing="xs">
          {quickAmounts.map((quick) => (
            <Button
              key={quick}
              variant={value === quick ? 'filled' : 'light'}
              size="sm"
              onClick={() => setValue('amount', quick)}
            >
              {formatAmount(quick, locale)}
            </Button>
          ))}
        </SimpleGrid>
        <Controller
          control={control}
          name="amount"
          render={({ field }) => (
            <MoneyInput
              label={t('deposit.qrAmount', { unit })}
              description={
                limits
                  ? `${t('deposit.qrMinimum', { min: formatAmount(qrMinimum(provider, limits), locale), unit })} · ${t('deposit.qrMaximum', { max: formatAmount(qrMaximum(provider, limits), locale), unit })}`
                  : undefined
              }
              value={field.value}
              onChange={(next) => field.onChange(typeof next === 'number' ? next : '')}
              onBlur={field.onBlur}
            />
          )}
        />
        <Button
          type="submit"
          loading={create.isPending}
          disabled={!limits || !canCreateQr(provider, value, limits)}
        >
          {t('deposit.qrCreate')}
        </Button>
      </Stack>
    </form>
  );
}

function ShownQr({
  provider,
  qr,
  onDone,
}: {
  provider: QrProvider;
  qr: LiveQr;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const cancel = useCancelQr();
  const left = useCountdown(qr.expireIn);

  useEffect(() => {
    // At 00:00 the QR is dropped and the amount form returns (the spec's states).
    if (left === 0) {
      queryClient.setQueryData(queryKeys.qrcode.provider(provider), { hasQrcode: false });
    }
  }, [left, provider]);

  const transferDone = () => {
    void refreshMoneyViews();
    showSuccessAlert(t('deposit.qrTransferDoneMsg'));
    onDone();
  };

  const cancelQr = async () => {
    try {
      await cancel.mutateAsync({ provider, qrcodeId: qr.qrcodeId });
    } catch (error) {
      showErrorAlert(error);
    }
  };

  return (
    <Stack gap="xs" align="center">
      <Image
        src={qr.qrcode}
        alt={t('deposit.qrImageAlt', { provider, amount: money(qr.amount) })}
        w={220}
        h={220}
        radius="md"
        bg="white"
      />
      <Text fw={700} size="lg" data-testid="qr-amount">
        {t('deposit.qrPayExactly', { amount: money(qr.amount) })}
      </Text>
      <Text size="sm" c="dimmed" aria-live="off">
        {t('deposit.qrExpiresIn')}{' '}
        <Text span fw={700} c="gold.4" ff="monospace" data-testid="qr-countdown">
          {mmss(left)}
        </Text>
      </Text>
      <Text size="xs" c="dimmed" ta="center">
        {t('deposit.qrRule')}
      </Text>
      <Group grow w="100%">
        <Button
          variant="light"
          color="red"
          loading={cancel.isPending}
          onClick={() => void cancelQr()}
        >
          {t('deposit.qrCancel')}
        </Button>
        <Button onClick={transferDone}>{t('deposit.qrTransferDone')}</Button>
      </Group>
    </Stack>
  );
}

/** Seconds left of `seconds`, counted down once a second from when the QR was read. */
function useCountdown(seconds: number): number {
  const [end] = useState(() => Date.now() + seconds * 1000);
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    const tick = () => setLeft(Math.max(0, Math.round((end - Date.now()) / 1000)));
    const timer = setInterval(tick, timings.qrCountdownTickMs);
    return () => clearInterval(timer);
  }, [end]);
  return left;
}
