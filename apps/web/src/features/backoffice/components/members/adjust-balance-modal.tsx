import { AdjustmentRequestSchema } from '@wallet/contract/desk';
import { AmountInputSchema } from '@wallet/contract/money';
import type { MemberSummary } from '@wallet/contract/staff-members';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useRequestAdjustment } from '../../api/request-adjustment';
import { AmountField, DeskFormModal, useDeskForm } from '../desk-form-modal';
import { ReasonField } from '../reason-modal';

/**
 * The request's own schema (AdjustmentRequestSchema: signed, never 0, two decimals at most, a
 * reason), fed by the money box, which holds '' while empty (AmountInputSchema: 0, refused).
 */
const AdjustmentFormSchema = z
  .object({ amount: AmountInputSchema, reason: z.string() })
  .pipe(AdjustmentRequestSchema.pick({ amount: true, reason: true }));

type AdjustBalanceModalProps = { member: MemberSummary | null; onClose: () => void };

/**
 * "Adjust balance": a signed amount in the member's wallet currency, positive to credit the cash
 * wallet and negative to debit it, and why. It waits for another finance or admin to approve it.
 */
export function AdjustBalanceModal({ member, onClose }: AdjustBalanceModalProps) {
  const { t } = useTranslation();
  const request = useRequestAdjustment();
  const form = useDeskForm(AdjustmentFormSchema, {
    defaultValues: { amount: '', reason: '' },
    onClose,
  });
  const { errors } = form.formState;

  const onSubmit = form.submit(async ({ amount, reason }) => {
    if (!member) return undefined;
    await request.mutateAsync({ memberId: member.id, amount, reason });
    return t('backoffice.adjust.sent');
  });

  return (
    <DeskFormModal
      opened={member !== null}
      title={t('backoffice.adjust.title', { name: member?.name ?? '' })}
      text={t('backoffice.adjust.text')}
      onClose={form.close}
      onSubmit={onSubmit}
      pending={form.pending}
      submitLabel={t('backoffice.adjust.submit')}
    >
      <AmountField
        signed
        control={form.control}
        label={t('backoffice.adjust.amount', { currency: member?.currency ?? '' })}
        description={t('backoffice.adjust.amountHint')}
        invalid={t('backoffice.adjust.amountInvalid')}
      />
      <ReasonField message={errors.reason?.message} {...form.register('reason')} />
    </DeskFormModal>
  );
}
