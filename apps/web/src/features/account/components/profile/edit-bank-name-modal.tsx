import { zodResolver } from '@hookform/resolvers/zod';
import { Stack, Text, TextInput } from '@mantine/core';
import { BankAccountNameUpdateSchema } from '@wallet/contract/account';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { AppModal } from '../../../../components/ui/app-modal';
import { FormActions } from '../../../../components/ui/form-actions';
import { showErrorAlert } from '../../../../lib/alerts';
import { fieldErrorText } from '../../../../lib/errors';
import { uppercaseOnInput } from '../../../../lib/uppercase-on-input';
import { useUpdateBankAccountName } from '../../api/update-bank-account-name';

const EditNameSchema = BankAccountNameUpdateSchema.pick({ bankAccountName: true });
type EditNameForm = z.input<typeof EditNameSchema>;

type EditBankNameModalProps = {
  opened: boolean;
  onClose: () => void;
  bankCode: string;
  currentName: string;
  onSaved: () => void;
};

/**
 * The spec's states: KTB, TMB and BBL accounts need the holder name in Latin letters for the
 * automatic bank matching; members whose stored name is not Latin fix it here.
 */
export function EditBankNameModal({
  opened,
  onClose,
  bankCode,
  currentName,
  onSaved,
}: EditBankNameModalProps) {
  const { t } = useTranslation();
  const mutation = useUpdateBankAccountName();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<EditNameForm, unknown, z.output<typeof EditNameSchema>>({
    resolver: zodResolver(EditNameSchema),
    defaultValues: { bankAccountName: '' },
  });
  const field = register('bankAccountName');

  const onSubmit = handleSubmit(async ({ bankAccountName }) => {
    try {
      await mutation.mutateAsync({ bankCode, bankAccountName });
      onSaved();
    } catch (error) {
      showErrorAlert(error);
    }
  });

  return (
    <AppModal opened={opened} onClose={onClose} title={t('profile.editNameTitle')}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('profile.editNameHelp', { name: currentName })}
          </Text>
          <TextInput
            label={t('profile.bankAccountNameEn')}
            autoComplete="off"
            data-autofocus
            error={fieldErrorText(errors.bankAccountName?.message)}
            {...field}
            onChange={(event) => field.onChange(uppercaseOnInput(event))}
          />
          <FormActions onCancel={onClose} pending={mutation.isPending} />
        </Stack>
      </form>
    </AppModal>
  );
}
