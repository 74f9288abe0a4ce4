import { TextInput } from '@mantine/core';
import { SlipByHandSchema } from '@wallet/contract/desk';
import { AmountInputSchema } from '@wallet/contract/money';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { fieldErrorText } from '../../../../lib/errors';
import { useCreditSlip } from '../../api/credit-slip';
import type { UndecidedSlip } from '../../api/get-slips';
import { AmountField, DeskFormModal, useDeskForm } from '../desk-form-modal';
import { ReasonField } from '../reason-modal';

/**
 * The request's own schema (SlipByHandSchema: a positive amount of two decimals at most, the
 * bank's reference, a reason), fed by the money box, which holds '' while empty.
 */
const CreditFormSchema = z
  .object({ amount: AmountInputSchema, reference: z.string(), reason: z.string() })
  .pipe(SlipByHandSchema);

type CreditSlipModalProps = { slip: UndecidedSlip | null; onClose: () => void };

/**
 * Asking to credit an undecided slip with what staff read off its picture: the amount, in the
 * member's wallet currency, and the bank's reference (the once-only credit's key, so the bank
 * feed reporting the same transfer credits nothing more). Another staff member approves it.
 */
export function CreditSlipModal({ slip, onClose }: CreditSlipModalProps) {
  const { t } = useTranslation();
  const credit = useCreditSlip();
  const form = useDeskForm(CreditFormSchema, {
    defaultValues: { amount: '', reference: '', reason: '' },
    onClose,
  });
  const { errors } = form.formState;

  const onSubmit = form.submit(async (body) => {
    if (!slip) return undefined;
    await credit.mutateAsync({ id: slip.id, ...body });
    return t('backoffice.slips.creditSent', { id: slip.id });
  });

  return (
    <DeskFormModal
      opened={slip !== null}
      title={t('backoffice.slips.creditTitle', {
        id: slip?.id ?? '',
        username: slip?.username ?? '',
      })}
      text={t('backoffice.slips.creditText')}
      onClose={form.close}
      onSubmit={onSubmit}
      pending={form.pending}
      submitLabel={t('backoffice.adjust.submit')}
    >
      <AmountField
        control={form.control}
        label={t('backoffice.adjust.amount', { currency: slip?.currency ?? '' })}
        invalid={t('backoffice.slips.amountInvalid')}
      />
      <TextInput
        label={t('backoffice.slips.reference')}
        description={t('backoffice.slips.referenceHint')}
        spellCheck={false}
        error={fieldErrorText(errors.reference?.message)}
        {...form.register('reference')}
      />
      <ReasonField message={errors.reason?.message} {...form.register('reason')} />
    </DeskFormModal>
  );
}
