import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle, IconLock, IconUser } from '@tabler/icons-react';
import { type StaffLogin, StaffLoginSchema } from '@wallet/contract/backoffice';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorText, fieldErrorText } from '../../../lib/errors';
import { useStaffLogin } from '../api/staff-login';

type StaffLoginFormProps = { onSignedIn: () => void };

/** Staff sign-in: a refusal (wrong credentials, too many tries) shows under the form. */
export function StaffLoginForm({ onSignedIn }: StaffLoginFormProps) {
  const { t } = useTranslation();
  const [serverError, setServerError] = useState<string | null>(null);
  const login = useStaffLogin();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<StaffLogin>({
    resolver: zodResolver(StaffLoginSchema),
    defaultValues: { username: '', password: '' },
  });
  const clearError = () => setServerError(null);

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await login.mutateAsync(values);
      onSignedIn();
    } catch (error) {
      setServerError(errorText(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('backoffice.login.username')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          leftSection={<IconUser size={18} aria-hidden />}
          error={fieldErrorText(errors.username?.message)}
          {...register('username', { onChange: clearError })}
        />
        <PasswordInput
          label={t('backoffice.login.password')}
          autoComplete="current-password"
          leftSection={<IconLock size={18} aria-hidden />}
          visibilityToggleButtonProps={{ 'aria-label': t('common.togglePassword') }}
          error={fieldErrorText(errors.password?.message)}
          {...register('password', { onChange: clearError })}
        />
        <Button type="submit" size="md" fullWidth loading={login.isPending}>
          {t('backoffice.login.submit')}
        </Button>
        {serverError && (
          <Alert
            role="alert"
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} aria-hidden />}
          >
            {serverError}
          </Alert>
        )}
      </Stack>
    </form>
  );
}
