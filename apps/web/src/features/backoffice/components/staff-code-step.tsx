import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import {
  type StaffChallengeResponse,
  StaffNewPasswordSchema,
  StaffTotpRequestSchema,
  TotpCodeSchema,
} from '@wallet/contract/staff';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormAlert } from '../../../components/ui/form-alert';
import { isApiError } from '../../../lib/api-error';
import { errorText, fieldErrorText } from '../../../lib/errors';
import { type BrowserStaffSession, useStaffLoginTotp } from '../api/staff-login-totp';
import { StaffEnrolment } from './staff-enrolment';

/**
 * The second step's two forms, each with the contract's rule: the authenticator's 6 digits, or
 * a recovery code (the request's own `code`, which takes either).
 */
const codeForms = {
  authenticator: z.object({ code: TotpCodeSchema }),
  recovery: StaffTotpRequestSchema.pick({ code: true }),
};
type CodeKind = keyof typeof codeForms;
/** The password handed over to a new account is replaced in this step (`changePassword`). */
type CodeForm = { code: string; newPassword?: string };

const schemaOf = (kind: CodeKind, changePassword: boolean) =>
  changePassword
    ? codeForms[kind].extend({ newPassword: StaffNewPasswordSchema })
    : codeForms[kind];

type StaffCodeStepProps = {
  challenge: StaffChallengeResponse;
  onSession: (session: BrowserStaffSession) => void;
  /** The challenge ran out or is unknown: back to the password. */
  onExpired: () => void;
  onRestart: () => void;
};

type CodeFormProps = Omit<StaffCodeStepProps, 'onRestart'> & { kind: CodeKind };

const inputs = {
  authenticator: { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 6 },
  recovery: { autoComplete: 'off', autoCapitalize: 'none', placeholder: 'xxxxx-xxxxx' },
} as const;

function CodeForm({ kind, challenge, onSession, onExpired }: CodeFormProps) {
  const { t } = useTranslation();
  const [serverError, setServerError] = useState<string | null>(null);
  const verify = useStaffLoginTotp();
  const changePassword = challenge.changePassword === true;
  const {
    register,
    handleSubmit,
    resetField,
    setFocus,
    setError,
    formState: { errors },
  } = useForm<CodeForm>({
    resolver: zodResolver(schemaOf(kind, changePassword)),
    defaultValues: changePassword ? { code: '', newPassword: '' } : { code: '' },
  });

  const onSubmit = handleSubmit(async ({ code, newPassword }) => {
    setServerError(null);
    try {
      const body = { challenge: challenge.challenge, code };
      onSession(await verify.mutateAsync(newPassword ? { ...body, newPassword } : body));
    } catch (error) {
      // A wrong code is OTP_CODE_INVALID; any other 401 is the challenge itself, gone.
      if (isApiError(error) && error.status === 401 && error.code !== 'OTP_CODE_INVALID') {
        onExpired();
        return;
      }
      // The new password was refused (checked before the code, which stays unspent).
      if (isApiError(error) && error.field === 'newPassword') {
        setError('newPassword', { message: error.code });
        setFocus('newPassword');
        return;
      }
      setServerError(errorText(error));
      resetField('code');
      setFocus('code');
    }
  });

  const fieldError = errors.code?.message;
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {changePassword && (
          <PasswordInput
            label={t('backoffice.login.newPassword.label')}
            description={t('backoffice.login.newPassword.prompt')}
            autoComplete="new-password"
            autoFocus
            error={fieldErrorText(errors.newPassword?.message)}
            {...register('newPassword', { onChange: () => setServerError(null) })}
          />
        )}
        <TextInput
          label={t(`backoffice.login.${kind}.label`)}
          description={t(`backoffice.login.${kind}.prompt`)}
          leftSection={<IconShieldLock size={18} aria-hidden />}
          spellCheck={false}
          // The step's first task takes the focus as the step shows.
          autoFocus={!changePassword}
          {...inputs[kind]}
          error={
            fieldError === 'KEY_INVALID'
              ? t(`backoffice.login.${kind}.invalid`)
              : fieldErrorText(fieldError)
          }
          {...register('code', { onChange: () => setServerError(null) })}
        />
        <Button type="submit" size="md" fullWidth loading={verify.isPending}>
          {t('backoffice.login.verify')}
        </Button>
        {serverError && <FormAlert message={serverError} />}
      </Stack>
    </form>
  );
}

/**
 * The second step: the authenticator's code, or a recovery code instead. While an authenticator
 * is to be set up (`enrol`) it shows how, and no recovery code exists yet to offer.
 */
export function StaffCodeStep({ challenge, onSession, onExpired, onRestart }: StaffCodeStepProps) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<CodeKind>('authenticator');
  const other: CodeKind = kind === 'authenticator' ? 'recovery' : 'authenticator';
  return (
    <Stack gap="lg">
      {challenge.enrol && <StaffEnrolment enrol={challenge.enrol} />}
      <CodeForm
        key={kind}
        kind={kind}
        challenge={challenge}
        onSession={onSession}
        onExpired={onExpired}
      />
      <Group justify="space-between" gap="xs">
        <Anchor component="button" type="button" size="sm" c="dimmed" onClick={onRestart}>
          {t('backoffice.login.restart')}
        </Anchor>
        {!challenge.enrol && (
          <Anchor component="button" type="button" size="sm" onClick={() => setKind(other)}>
            {t(`backoffice.login.${other}.switch`)}
          </Anchor>
        )}
      </Group>
    </Stack>
  );
}
