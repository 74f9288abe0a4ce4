import { zodResolver } from '@hookform/resolvers/zod';
import { Stack, Text, Textarea } from '@mantine/core';
import { AdjustmentRequestSchema } from '@wallet/contract/desk';
import { AmountInputSchema } from '@wallet/contract/money';
import type { MemberSummary } from '@wallet/contract/staff';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { AppModal } from '../../../../components/ui/app-modal';
import { FormActions } from '../../../../components/ui/form-actions';
import { MoneyInput } from '../../../../components/ui/money-input';
import { showSuccessAlert } from '../../../../lib/alerts';
import { fieldErrorText } from '../../../../lib/errors';
import { useRequestAdjustment } from '../../api/request-adjustment';
import { showDeskError } from '../../fresh-code';

/**
 * The request's own schema (AdjustmentRequestSchema: signed, never 0, two decimals at most, a
 * reason), fed by the money box, which holds '' while empty (AmountInputSchema: 0, refused).
 */
const AdjustmentFormSchema = z
  .object({ amount: AmountInputSchema, reason: z.string() })
  .pipe(AdjustmentRequestSchema.pick({ amount: true, reason: true }));
type AdjustmentForm = z.input<typeof AdjustmentFormSchema>;

type AdjustBalanceModalProps = { member: MemberSummary | null; onClose: () => void };

/**
 * "Adjust balance": a signed amount in the member's wallet currency, positive to credit the cash
 * wallet and negative to debit it, and why. It waits for another finance or admin to approve it.
 */
export function AdjustBalanceModal({ member, onClose }: AdjustBalanceModalProps) {
  const { t } = useTranslation();
  const request = useRequestAdjustment();
  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<AdjustmentForm, unknown, z.output<typeof AdjustmentFormSchema>>({
    resolver: zodResolver(AdjustmentFormSchema),
    defaultValues: { amount: '', reason: '' },
  });

  const close = () => {
    reset();
    onClose();
  };

  const onSubmit = handleSubmit(async ({ amount, reason }) => {
    if (!member) return;
    try {
      await request.mutateAsync({ memberId: member.id, amount, reason });
      close();
      showSuccessAlert(t('backoffice.adjust.sent'));
    } catch (error) {
      showDeskError(error);
    }
  });

  const currency = member?.currency ?? '';
  return (
    <AppModal
      opened={member !== null}
      onClose={close}
      title={t('backoffice.adjust.title', { name: member?.name ?? '' })}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('backoffice.adjust.text')}
          </Text>
          <Controller
            control={control}
            name="amount"
            render={({ field }) => (
              <MoneyInput
                signed
                label={t('backoffice.adjust.amount', { currency })}
                description={t('backoffice.adjust.amountHint')}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                data-autofocus
                error={
                  errors.amount?.message === 'KEY_INVALID'
                    ? t('backoffice.adjust.amountInvalid')
                    : fieldErrorText(errors.amount?.message)
                }
              />
            )}
          />
          <Textarea
            label={t('backoffice.reason.label')}
            description={t('backoffice.reason.hint')}
            autosize
            minRows={2}
            maxRows={6}
            error={
              errors.reason?.message === 'KEY_MISSING'
                ? t('backoffice.reason.tooShort')
                : fieldErrorText(errors.reason?.message)
            }
            {...register('reason')}
          />
          <FormActions
            onCancel={close}
            submitLabel={t('backoffice.adjust.submit')}
            pending={request.isPending}
          />
        </Stack>
      </form>
    </AppModal>
  );
}
