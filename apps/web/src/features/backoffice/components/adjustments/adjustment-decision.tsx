import type { Adjustment } from '@wallet/contract/desk';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccessAlert } from '../../../../lib/alerts';
import { useDecideAdjustment } from '../../api/decide-adjustment';
import { useStaffProfile } from '../../api/get-staff-profile';
import { showDeskError } from '../../fresh-code';
import { useStaffMay } from '../../use-staff-may';
import { DecisionButtons, type DecisionButtonsProps } from '../decision';
import { ReasonModal } from '../reason-modal';

type Decidable = Pick<Adjustment, 'id' | 'requestedBy'>;

/** A row's request that waits as an adjustment (a kept transfer's assignment, a slip's credit). */
type Waiting = { adjustmentId: number; requestedBy: string };

/**
 * The checker's side of an adjustment, wherever it waits (the adjustments queue, a kept bank
 * transfer's or a slip's row): approve it (the ledger moves; through the fresh-code flow), or reject it with
 * a reason. The one who asked is refused by the server (MAKER_CHECKER), which the toast says,
 * and their button says so before the click. Mount `rejectModal` once beside the rows.
 */
export function useAdjustmentDecision() {
  const { t } = useTranslation();
  const may = useStaffMay();
  const { data: me } = useStaffProfile();
  const decide = useDecideAdjustment();
  const [rejecting, setRejecting] = useState<Decidable | null>(null);

  const approve = async (row: Decidable) => {
    try {
      await decide.mutateAsync({ id: row.id, approve: true });
      showSuccessAlert(t('backoffice.adjustments.approved', { id: row.id }));
    } catch (error) {
      showDeskError(error);
    }
  };

  const reject = async (reason: string) => {
    if (!rejecting) return;
    try {
      await decide.mutateAsync({ id: rejecting.id, approve: false, reason });
      showSuccessAlert(t('backoffice.adjustments.rejected', { id: rejecting.id }));
    } catch (error) {
      showDeskError(error);
      throw error;
    }
  };

  const buttons = (row: Decidable): DecisionButtonsProps => ({
    approveLabel: t('backoffice.adjustments.approveOne', { id: row.id }),
    rejectLabel: t('backoffice.adjustments.rejectOne', { id: row.id }),
    onApprove: () => void approve(row),
    onReject: () => setRejecting(row),
    approveTitle:
      row.requestedBy === me?.username ? t('backoffice.adjustments.ownRequest') : undefined,
  });

  // The buttons of a row whose own request waits, to a role that decides it; none to the others.
  const waitingButtons = ({ adjustmentId: id, requestedBy }: Waiting) =>
    may('adjustments.decide') ? <DecisionButtons {...buttons({ id, requestedBy })} /> : null;

  const rejectModal = (
    <ReasonModal
      request={
        rejecting && {
          title: t('backoffice.adjustments.rejectTitle', { id: rejecting.id }),
          text: t('backoffice.adjustments.rejectText'),
          confirmLabel: t('backoffice.decision.reject'),
        }
      }
      onClose={() => setRejecting(null)}
      onConfirm={reject}
    />
  );

  return { buttons, waitingButtons, rejectModal };
}
