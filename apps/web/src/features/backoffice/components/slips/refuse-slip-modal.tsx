import { Select } from '@mantine/core';
import { SlipRejectionSchema } from '@wallet/contract/desk';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { UndecidedSlip } from '../../api/get-slips';
import { useRejectSlip } from '../../api/reject-slip';
import { DeskFormModal, useDeskForm } from '../desk-form-modal';
import { ReasonField } from '../reason-modal';
import { isSlipNoteCode, slipNoteCodes, slipNoteText } from './slip-note';

/** The request's own schema, fed by the list of reasons, which holds '' until one is chosen. */
const RefuseFormSchema = z
  .object({ note: z.string(), reason: z.string() })
  .pipe(SlipRejectionSchema);

type RefuseSlipModalProps = { slip: UndecidedSlip | null; onClose: () => void };

/**
 * Refusing an undecided slip: a reason of the slip reason table, which the member reads on the
 * slip, and staff's own why, which the audit log keeps. Nothing is credited.
 */
export function RefuseSlipModal({ slip, onClose }: RefuseSlipModalProps) {
  const { t } = useTranslation();
  const refuse = useRejectSlip();
  const note = slip?.note ?? '';
  // The verifier's own word to begin with, when it is one the member may read.
  const form = useDeskForm(RefuseFormSchema, {
    values: { note: isSlipNoteCode(note) ? note : '', reason: '' },
    onClose,
  });
  const { errors } = form.formState;

  const onSubmit = form.submit(async (body) => {
    if (!slip) return undefined;
    await refuse.mutateAsync({ id: slip.id, ...body });
    return t('backoffice.slips.refused', { id: slip.id });
  });

  return (
    <DeskFormModal
      opened={slip !== null}
      title={t('backoffice.slips.refuseTitle', {
        id: slip?.id ?? '',
        username: slip?.username ?? '',
      })}
      text={t('backoffice.slips.refuseText')}
      onClose={form.close}
      onSubmit={onSubmit}
      pending={form.pending}
      submitLabel={t('backoffice.slips.refuse')}
    >
      <Controller
        control={form.control}
        name="note"
        render={({ field }) => (
          <Select
            label={t('backoffice.slips.note')}
            data={slipNoteCodes.map((code) => ({ value: code, label: slipNoteText(code) }))}
            value={field.value || null}
            onChange={(value) => field.onChange(value ?? '')}
            onBlur={field.onBlur}
            error={errors.note ? t('backoffice.slips.chooseNote') : undefined}
            allowDeselect={false}
            data-autofocus
          />
        )}
      />
      <ReasonField message={errors.reason?.message} {...form.register('reason')} />
    </DeskFormModal>
  );
}
