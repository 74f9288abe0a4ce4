import { zodResolver } from '@hookform/resolvers/zod';
import { Stack, Text, Textarea } from '@mantine/core';
import { ReasonSchema } from '@wallet/contract/staff';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { AppModal } from '../../../components/ui/app-modal';
import { FormActions } from '../../../components/ui/form-actions';
import { fieldErrorText } from '../../../lib/errors';

type ReasonForm = z.input<typeof ReasonSchema>;

export type ReasonRequest = {
  title: string;
  /** What the action does, and who will read the reason. */
  text: string;
  confirmLabel: string;
};

type ReasonModalProps = {
  /** The action to confirm, or null while the dialog is closed. */
  request: ReasonRequest | null;
  onClose: () => void;
  /** Sends the action; the dialog closes once it resolves and stays open when it throws. */
  onConfirm: (reason: string) => Promise<void>;
};

/**
 * The one "why?" dialog of the back office: every change staff make to a member, a staff
 * account, an adjustment or a withdrawal carries a reason, which the audit log keeps (and a
 * rejected withdrawal's member reads). The contract's ReasonSchema checks it here as the server
 * does.
 */
export function ReasonModal({ request, onClose, onConfirm }: ReasonModalProps) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ReasonForm>({ resolver: zodResolver(ReasonSchema), defaultValues: { reason: '' } });

  const close = () => {
    reset();
    onClose();
  };

  const onSubmit = handleSubmit(async ({ reason }) => {
    try {
      await onConfirm(reason);
      close();
    } catch {
      // The caller has said why (a toast); the reason stays typed for another try.
    }
  });

  return (
    <AppModal opened={request !== null} onClose={close} title={request?.title}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Text size="sm">{request?.text}</Text>
          <Textarea
            label={t('backoffice.reason.label')}
            description={t('backoffice.reason.hint')}
            autosize
            minRows={2}
            maxRows={6}
            data-autofocus
            error={
              errors.reason?.message === 'KEY_MISSING'
                ? t('backoffice.reason.tooShort')
                : fieldErrorText(errors.reason?.message)
            }
            {...register('reason')}
          />
          <FormActions
            onCancel={close}
            submitLabel={request?.confirmLabel}
            pending={isSubmitting}
          />
        </Stack>
      </form>
    </AppModal>
  );
}
