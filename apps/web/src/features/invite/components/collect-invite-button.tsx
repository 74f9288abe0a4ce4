import { Button, type ButtonProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../../hooks/use-money';
import { showErrorAlert, showSuccessAlert } from '../../../lib/alerts';
import { useIdempotentAction } from '../../../lib/idempotency';
import { useCollectInviteBonus } from '../api/collect-invite-bonus';

/**
 * Collects the invite bonus ready (`wallet.invite.amount`), off at 0: a success toast with
 * the amount, or an invite bonus error as a danger toast (the spec's error catalogue).
 */
export function CollectInviteButton({
  amount,
  label,
  ...buttonProps
}: { amount: number | undefined; label: string } & ButtonProps) {
  const { t } = useTranslation();
  const money = useMoney();
  const collect = useCollectInviteBonus();
  const idempotent = useIdempotentAction();

  // mutateAsync: the toast shows even when the button is gone by then (the modal closed).
  const onCollect = async () => {
    try {
      const answer = await idempotent({}, (idempotencyKey) =>
        collect.mutateAsync({ idempotencyKey }),
      );
      showSuccessAlert(t('invite.collected', { amount: money(answer.amount) }));
    } catch (error) {
      showErrorAlert(error);
    }
  };

  return (
    <Button
      {...buttonProps}
      disabled={!(amount !== undefined && amount > 0)}
      loading={collect.isPending}
      aria-label={label}
      onClick={() => void onCollect()}
    >
      {t('invite.collect')}
    </Button>
  );
}
