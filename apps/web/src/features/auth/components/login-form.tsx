import { Button, Checkbox, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconLock, IconPhone } from '@tabler/icons-react';
import type { Login } from '@wallet/contract/auth';
import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorText, fieldErrorText } from '../../../lib/errors';
import { lazyZodResolver, preloadOnFirstUse } from '../../../lib/lazy-zod-resolver';
import { useLogin } from '../api/login';

const loadLoginSchema = async () => (await import('@wallet/contract/auth')).LoginSchema;
const resolver = lazyZodResolver(loadLoginSchema);
// What only a submit needs (the schema, the refusal alert) is fetched once the form is touched.
const loadAlert = () => import('../../../components/ui/form-alert');
const FormAlert = lazy(async () => ({ default: (await loadAlert()).FormAlert }));
const preload = preloadOnFirstUse(() => Promise.all([loadLoginSchema(), loadAlert()]));

type LoginFormProps = {
  /** Called with the token and the remember choice once the server accepts the credentials. */
  onSignedIn: (token: string, remember: boolean) => void;
};

/** The spec's screens: any typing clears the error; login errors appear under the form. */
export function LoginForm({ onSignedIn }: LoginFormProps) {
  const { t } = useTranslation();
  const [remember, setRemember] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const loginMutation = useLogin();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Login>({
    // zodResolver(LoginSchema), with the schema fetched after the form paints.
    resolver,
    defaultValues: { username: '', password: '' },
  });
  const clearError = () => setServerError(null);

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      const { token } = await loginMutation.mutateAsync(values);
      onSignedIn(token, remember);
    } catch (error) {
      setServerError(errorText(error));
    }
  });

  return (
    <form onSubmit={onSubmit} onFocus={preload} onPointerDown={preload} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('auth.username')}
          placeholder={t('auth.usernamePlaceholder')}
          inputMode="tel"
          autoComplete="username"
          leftSection={<IconPhone size={18} aria-hidden />}
          error={fieldErrorText(errors.username?.message)}
          {...register('username', { onChange: clearError })}
        />
        <PasswordInput
          label={t('auth.password')}
          placeholder={t('auth.passwordPlaceholder')}
          autoComplete="current-password"
          leftSection={<IconLock size={18} aria-hidden />}
          visibilityToggleButtonProps={{ 'aria-label': t('common.togglePassword') }}
          error={fieldErrorText(errors.password?.message)}
          {...register('password', { onChange: clearError })}
        />
        <Checkbox
          label={t('auth.remember')}
          checked={remember}
          onChange={(event) => {
            setRemember(event.currentTarget.checked);
            clearError();
          }}
        />
        <Button type="submit" size="md" fullWidth loading={loginMutation.isPending}>
          {t('auth.submit')}
        </Button>
        {serverError && (
          <Suspense fallback={null}>
            <FormAlert message={serverError} />
          </Suspense>
        )}
      </Stack>
    </form>
  );
}
