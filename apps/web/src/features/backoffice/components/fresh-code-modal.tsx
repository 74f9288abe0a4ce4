import { zodResolver } from '@hookform/resolvers/zod';
import { Stack, Text, TextInput } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { StaffFreshCodeSchema } from '@wallet/contract/staff';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { AppModal } from '../../../components/ui/app-modal';
import { FormActions } from '../../../components/ui/form-actions';
import { FormAlert } from '../../../components/ui/form-alert';
import { errorText, fieldErrorText } from '../../../lib/errors';
import { useGiveFreshCode } from '../api/give-fresh-code';
import { freshCodeCancelled, freshCodeGiven, useFreshCodeDialog } from '../fresh-code';

type FreshCodeForm = z.input<typeof StaffFreshCodeSchema>;

/**
 * The one "enter a fresh code" dialog (fresh-code.ts), mounted once in the shell: it opens when
 * a money action is refused for want of a recent code, and the action goes on once the server
 * has taken one. A wrong code shows here and the dialog stays; closing it stops the action.
 */
export function FreshCodeModal() {
  const { t } = useTranslation();
  const open = useFreshCodeDialog((s) => s.open);
  const give = useGiveFreshCode();
  const [refusal, setRefusal] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setFocus,
    formState: { errors },
  } = useForm<FreshCodeForm>({
    resolver: zodResolver(StaffFreshCodeSchema),
    defaultValues: { code: '' },
  });

  const finish = (given: boolean) => {
    reset();
    setRefusal(null);
    if (given) freshCodeGiven();
    else freshCodeCancelled();
  };

  const onSubmit = handleSubmit(async ({ code }) => {
    setRefusal(null);
    try {
      await give.mutateAsync(code);
      finish(true);
    } catch (error) {
      setRefusal(errorText(error));
      reset();
      setFocus('code');
    }
  });

  const fieldError = errors.code?.message;
  return (
    <AppModal opened={open} onClose={() => finish(false)} title={t('backoffice.freshCode.title')}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('backoffice.freshCode.text')}</Text>
          <TextInput
            label={t('backoffice.login.authenticator.label')}
            description={t('backoffice.login.authenticator.prompt')}
            leftSection={<IconShieldLock size={18} aria-hidden />}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            spellCheck={false}
            data-autofocus
            error={
              fieldError === 'KEY_INVALID'
                ? t('backoffice.login.authenticator.invalid')
                : fieldErrorText(fieldError)
            }
            {...register('code', { onChange: () => setRefusal(null) })}
          />
          {refusal && <FormAlert message={refusal} />}
          <FormActions
            onCancel={() => finish(false)}
            submitLabel={t('backoffice.freshCode.submit')}
            pending={give.isPending}
          />
        </Stack>
      </form>
    </AppModal>
  );
}
