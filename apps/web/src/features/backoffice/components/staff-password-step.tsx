import { zodResolver } from '@hookform/resolvers/zod';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconLock, IconUser } from '@tabler/icons-react';
import {
  type StaffChallengeResponse,
  type StaffLogin,
  StaffLoginSchema,
} from '@wallet/contract/staff';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/ui/form-alert';
import { errorText, fieldErrorText } from '../../../lib/errors';
import { useStaffLogin } from '../api/staff-login';

type StaffPasswordStepProps = {
  defaultUsername: string;
  /** Why staff is back here (the second step's challenge ran out), shown until they type. */
  notice: string | null;
  onChallenge: (username: string, challenge: StaffChallengeResponse) => void;
};

/** The first step: username and password; a refusal (wrong credentials, too many tries) shows under it. */
export function StaffPasswordStep({
  defaultUsername,
  notice,
  onChallenge,
}: StaffPasswordStepProps) {
  const { t } = useTranslation();
  const [message, setMessage] = useState<string | null>(notice);
  const login = useStaffLogin();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<StaffLogin>({
    resolver: zodResolver(StaffLoginSchema),
    defaultValues: { username: defaultUsername, password: '' },
  });
  const clearMessage = () => setMessage(null);

  const onSubmit = handleSubmit(async (values) => {
    setMessage(null);
    try {
      onChallenge(values.username, await login.mutateAsync(values));
    } catch (error) {
      setMessage(errorText(error));
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
          {...register('username', { onChange: clearMessage })}
        />
        <PasswordInput
          label={t('backoffice.login.password')}
          autoComplete="current-password"
          leftSection={<IconLock size={18} aria-hidden />}
          visibilityToggleButtonProps={{ 'aria-label': t('common.togglePassword') }}
          error={fieldErrorText(errors.password?.message)}
          {...register('password', { onChange: clearMessage })}
        />
        <Button type="submit" size="md" fullWidth loading={login.isPending}>
          {t('backoffice.login.submit')}
        </Button>
        {message && <FormAlert message={message} />}
      </Stack>
    </form>
  );
}
