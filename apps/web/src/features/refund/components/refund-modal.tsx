import { Box, Button, Group, Loader, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { type RefundCheckResponse, refundBlocker } from '@wallet/contract/refund';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal, ConfirmModal } from '../../../components/ui/app-modal';
import { Figure } from '../../../components/ui/figure';
import { OperatorHtml } from '../../../components/ui/operator-html';
import { useMoney } from '../../../hooks/use-money';
import { showErrorAlert, showSuccessAlert } from '../../../lib/alerts';
import { useIdempotentAction } from '../../../lib/idempotency';
import { useAddRefundToWallet } from '../api/add-refund-to-wallet';
import { useRefundCheck } from '../api/get-refund-check';
import { useReceiveRefund } from '../api/receive-refund';
import { RefundLog } from './refund-log';

/** Why receiving is off, in the member's words (the spec's states), or null when it is on. */
export function refundBlockerText(
  check: RefundCheckResponse,
  t: (key: string) => string,
): string | null {
  const blocker = refundBlocker(check);
  if (blocker === 'NO_REFUND') return t('refund.notFound');
  if (blocker === 'REFUND_CONDITION') return t('refund.condition');
  if (blocker === 'REFUND_MINIMUM') return t('errors.REFUND_MINIMUM');
  return null;
}

/** The operator's refund rules, read as the small print under the figures (and in the back office's preview). */
export function RefundInfo({ html }: { html: string }) {
  return (
    <Box fz="sm" c="dimmed">
      <OperatorHtml html={html} />
    </Box>
  );
}

/** The refund ready, its rates and the receive button; a receive error rechecks (the spec 4). */
function RefundReady({ check }: { check: RefundCheckResponse }) {
  const { t } = useTranslation();
  const money = useMoney();
  const receive = useReceiveRefund();
  const idempotentReceive = useIdempotentAction();
  const blocked = refundBlockerText(check, t);

  const onReceive = async () => {
    try {
      const answer = await idempotentReceive({}, (idempotencyKey) =>
        receive.mutateAsync({ idempotencyKey }),
      );
      showSuccessAlert(t(`errors.${answer.message}`));
    } catch (error) {
      showErrorAlert(error);
    }
  };

  return (
    <Paper p="md" radius="lg" className="wallet-hero-card">
      <Stack gap="sm">
        <Figure
          big
          label={t('refund.ready')}
          value={money(check.refundAmount)}
          testId="refund-amount"
        />
        <SimpleGrid cols={2} spacing="sm">
          <Figure
            label={t('refund.success')}
            value={`${check.refundSuccess}%`}
            testId="refund-success"
          />
          <Figure label={t('refund.fail')} value={`${check.refundFail}%`} testId="refund-fail" />
        </SimpleGrid>
        {blocked && (
          <Text size="sm" c={check.bonus ? 'orange.4' : 'dimmed'} data-testid="refund-blocked">
            {blocked}
          </Text>
        )}
        <Button disabled={blocked !== null} loading={receive.isPending} onClick={onReceive}>
          {t('refund.receive')}
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * The refund modal (the spec's screens and states): the refund ready with its success % and fail %,
 * the operator's info, the receive button, the refund log, and the refund to the wallet, asked
 * first with the rates shown; on success the modal closes and the wallet is read again.
 */
export function RefundModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const { data: check, isPending, isError } = useRefundCheck(opened);
  const toWallet = useAddRefundToWallet();
  const idempotentToWallet = useIdempotentAction();
  const [asking, setAsking] = useState(false);

  const onToWallet = async () => {
    try {
      const answer = await idempotentToWallet({}, (idempotencyKey) =>
        toWallet.mutateAsync({ idempotencyKey }),
      );
      onClose();
      showSuccessAlert(t('refund.toWalletDone', { amount: money(answer.amount) }));
    } catch (error) {
      showErrorAlert(error);
    }
  };

  return (
    <>
      <AppModal opened={opened} onClose={onClose} title={t('refund.title')}>
        <Stack gap="md">
          {isPending && !isError && (
            <Group justify="center" py="md">
              <Loader size="sm" aria-label={t('common.loading')} />
            </Group>
          )}
          {isError && !check && <Text c="dimmed">{t('refund.notFound')}</Text>}
          {check && <RefundReady check={check} />}
          {check?.info && <RefundInfo html={check.info} />}
          <RefundLog opened={opened} />
          <Button
            variant="light"
            // Nothing received waits for the wallet: nothing to move.
            disabled={!check || check.received <= 0}
            loading={toWallet.isPending}
            onClick={() => setAsking(true)}
          >
            {t('refund.toWallet')}
          </Button>
        </Stack>
      </AppModal>
      <ConfirmModal
        opened={asking && check !== undefined}
        onClose={() => setAsking(false)}
        title={t('refund.toWalletTitle')}
        confirmLabel={t('refund.toWalletYes')}
        onConfirm={() => void onToWallet()}
      >
        <Text size="sm">
          {t('refund.toWalletConfirm', { success: check?.refundSuccess, fail: check?.refundFail })}
        </Text>
      </ConfirmModal>
    </>
  );
}
