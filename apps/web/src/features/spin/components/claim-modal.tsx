import { Button, Group, Stack, Text } from '@mantine/core';
import { timings } from '@wallet/contract/constants';
import type { Coupon } from '@wallet/contract/spin';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/ui/app-modal';
import { useMoney } from '../../../hooks/use-money';
import { showSuccessAlert } from '../../../lib/alerts';
import { debounce } from '../../../lib/debounce';
import { useIdempotentAction } from '../../../lib/idempotency';
import { useClaimCoupon } from '../api/claim-coupon';
import { showSpinError } from '../spin-error';

/**
 * The confirm step of a coupon claim (the spec's states): confirming calls the claim 500 ms
 * later (debounced: taps in between make one claim); success refreshes the wallet and says so.
 */
export function ClaimModal({ coupon, onClose }: { coupon: Coupon | null; onClose: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const claim = useClaimCoupon();
  const idempotent = useIdempotentAction();
  const [shown, setShown] = useState(coupon);
  const [waiting, setWaiting] = useState(false);
  if (coupon && coupon !== shown) setShown(coupon);

  const send = async (id: string) => {
    const body = { coupon: id };
    try {
      const answer = await idempotent(body, (idempotencyKey) =>
        claim.mutateAsync({ body, idempotencyKey }),
      );
      showSuccessAlert(t('spin.claimed', { amount: money(answer.amount) }));
    } catch (error) {
      showSpinError(error);
    } finally {
      setWaiting(false);
      onClose();
    }
  };
  const latest = useRef(send);
  latest.current = send;
  const [debounced] = useState(() =>
    debounce((id: string) => void latest.current(id), timings.claimDebounceMs),
  );
  useEffect(() => () => debounced.cancel(), [debounced]);

  return (
    <AppModal opened={coupon !== null} onClose={onClose} title={t('spin.claimTitle')} zIndex={400}>
      {shown && (
        <Stack gap="md">
          <Text>
            {t(shown.kind === 'bonus' ? 'spin.claimConfirmBonus' : 'spin.claimConfirmCash', {
              prize: shown.prize.name,
              amount: money(shown.amount),
            })}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={waiting}>
              {t('common.cancel')}
            </Button>
            <Button
              loading={waiting}
              onClick={() => {
                setWaiting(true);
                debounced.call(shown._id);
              }}
            >
              {t('spin.claim')}
            </Button>
          </Group>
        </Stack>
      )}
    </AppModal>
  );
}
