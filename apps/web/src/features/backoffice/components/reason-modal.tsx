import { Textarea } from '@mantine/core';
import { ReasonSchema } from '@wallet/contract/staff';
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldErrorText } from '../../../lib/errors';
import { DeskFormModal, useDeskForm } from './desk-form-modal';

type ReasonFieldProps = UseFormRegisterReturn & {
  /** The form's message for the field (ReasonSchema's: KEY_MISSING below 3 characters). */
  message: string | undefined;
  'data-autofocus'?: boolean;
};

/** The "why?" box of every back-office form: `register('reason')` spread into it. */
export function ReasonField({ message, ...field }: ReasonFieldProps) {
  const { t } = useTranslation();
  return (
    <Textarea
      label={t('backoffice.reason.label')}
      description={t('backoffice.reason.hint')}
      autosize
      minRows={2}
      maxRows={6}
      error={message === 'KEY_MISSING' ? t('backoffice.reason.tooShort') : fieldErrorText(message)}
      {...field}
    />
  );
}

export type ReasonRequest = {
  title: string;
  /** What the action does, and who will read the reason. */
  text: ReactNode;
  confirmLabel: string;
  /** The action is dangerous (closing the service): its button is red. */
  danger?: boolean;
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
  const form = useDeskForm(ReasonSchema, { defaultValues: { reason: '' }, onClose });
  const onSubmit = form.submit(
    async ({ reason }) => {
      await onConfirm(reason);
      return undefined;
    },
    // The caller has said why (a toast); the reason stays typed for another try.
    () => true,
  );
  return (
    <DeskFormModal
      opened={request !== null}
      title={request?.title ?? ''}
      text={request?.text}
      onClose={form.close}
      onSubmit={onSubmit}
      pending={form.pending}
      submitLabel={request?.confirmLabel}
      submitColor={request?.danger ? 'red' : undefined}
    >
      <ReasonField
        data-autofocus
        message={form.formState.errors.reason?.message}
        {...form.register('reason')}
      />
    </DeskFormModal>
  );
}
