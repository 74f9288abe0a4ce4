import { zodResolver } from '@hookform/resolvers/zod';
import { PasswordInput, Stack } from '@mantine/core';
import { ChangePasswordSchema } from '@wallet/contract/account';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { AppModal } from '../../../../components/ui/app-modal';
import { FormActions } from '../../../../components/ui/form-actions';
import { showErrorAlert, showSuccessAlert } from '../../../../lib/alerts';
import { fieldErrorText } from '../../../../lib/errors';
import { useChangePassword } from '../../api/change-password';

/** The spec's validation rules: old, new and confirm are required; new and confirm must match. */
const ChangePasswordFormSchema = ChangePasswordSchema.extend({
  confirmPassword: z.string().min(1, { error: 'KEY_MISSING' }),
}).refine((v) => v.newPassword === v.confirmPassword, {
  path: ['confirmPassword'],
  message: 'register.passwordNotEqualMsg',
});
type ChangePasswordForm = z.infer<typeof ChangePasswordFormSchema>;

type ChangePasswordModalProps = { opened: boolean; onClose: () => void };

export function ChangePasswordModal({ opened, onClose }: ChangePasswordModalProps) {
  const { t } = useTranslation();
  const mutation = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ChangePasswordForm>({
    resolver: zodResolver(ChangePasswordFormSchema),
    defaultValues: { oldPassword: '', newPassword: '', confirmPassword: '' },
  });

  const close = () => {
    reset();
    onClose();
  };

  const onSubmit = handleSubmit(async ({ oldPassword, newPassword }) => {
    try {
      await mutation.mutateAsync({ oldPassword, newPassword });
      close();
      showSuccessAlert(t('profile.passwordSaved'));
    } catch (error) {
      // The spec's error catalogue: a change-password error shows an error alert (WRONG_PASSWORD…).
      showErrorAlert(error);
    }
  });

  const toggle = { 'aria-label': t('common.togglePassword') };
  return (
    <AppModal opened={opened} onClose={close} title={t('profile.changePasswordTitle')}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <PasswordInput
            label={t('profile.oldPassword')}
            autoComplete="current-password"
            visibilityToggleButtonProps={toggle}
            error={fieldErrorText(errors.oldPassword?.message)}
            data-autofocus
            {...register('oldPassword')}
          />
          <PasswordInput
            label={t('profile.newPassword')}
            autoComplete="new-password"
            visibilityToggleButtonProps={toggle}
            error={fieldErrorText(errors.newPassword?.message)}
            {...register('newPassword')}
          />
          <PasswordInput
            label={t('profile.confirmPassword')}
            autoComplete="new-password"
            visibilityToggleButtonProps={toggle}
            error={fieldErrorText(errors.confirmPassword?.message)}
            {...register('confirmPassword')}
          />
          <FormActions onCancel={close} pending={mutation.isPending} />
        </Stack>
      </form>
    </AppModal>
  );
}
