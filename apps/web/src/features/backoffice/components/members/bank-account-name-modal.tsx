import { TextInput } from '@mantine/core';
import { type MemberDetail, StaffBankAccountNameSchema } from '@wallet/contract/staff-members';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../../lib/api-error';
import { fieldErrorText } from '../../../../lib/errors';
import { useRenameBankAccount } from '../../api/rename-bank-account';
import { DeskFormModal, useDeskForm } from '../desk-form-modal';
import { ReasonField } from '../reason-modal';

type BankAccountNameModalProps = { member: MemberDetail['member'] | null; onClose: () => void };

/**
 * "Correct the bank account name": the name as the bank writes it (a payout refused for the
 * name), and why. The server's own rule holds it: KTB, TMB and BBL take Latin names only, and
 * its refusal (BANK_ACCOUNT_NAME_ENG) shows under the name, in the reader's language.
 */
export function BankAccountNameModal({ member, onClose }: BankAccountNameModalProps) {
  const { t } = useTranslation();
  const rename = useRenameBankAccount();
  const form = useDeskForm(StaffBankAccountNameSchema, {
    values: { bankAccountName: member?.bankAccountName ?? '', reason: '' },
    onClose,
  });
  const { errors } = form.formState;

  const onSubmit = form.submit(
    async (body) => {
      if (!member) return undefined;
      await rename.mutateAsync({ memberId: member.id, ...body });
      return t('backoffice.member.renamed', { name: body.bankAccountName });
    },
    (error) => {
      if (!(isApiError(error) && error.field === 'bankAccountName')) return false;
      form.setError('bankAccountName', { message: error.code });
      return true;
    },
  );

  return (
    <DeskFormModal
      opened={member !== null}
      title={t('backoffice.member.renameTitle', { name: member?.name ?? '' })}
      text={t('backoffice.member.renameText', { bank: member?.bankCode ?? '' })}
      onClose={form.close}
      onSubmit={onSubmit}
      pending={form.pending}
    >
      <TextInput
        label={t('backoffice.member.bankAccountName')}
        data-autofocus
        error={fieldErrorText(errors.bankAccountName?.message)}
        {...form.register('bankAccountName')}
      />
      <ReasonField message={errors.reason?.message} {...form.register('reason')} />
    </DeskFormModal>
  );
}
