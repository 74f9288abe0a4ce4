import { zodResolver } from '@hookform/resolvers/zod';
import { Button, PasswordInput, Select, Stack, TextInput } from '@mantine/core';
import { IconLock, IconTicket, IconUser } from '@tabler/icons-react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showErrorAlert } from '../../../../lib/alerts';
import { isApiError } from '../../../../lib/api-error';
import { fieldErrorText } from '../../../../lib/errors';
import { variant } from '../../../../lib/variant';
import { useSources } from '../../../lookup/api/get-sources';
import { useValidateRegistration } from '../../api/validate-registration';
import {
  type ProfileStepInput,
  type ProfileStepValues,
  profileStepSchema,
} from './register-schemas';

const schema = profileStepSchema(variant);

type ProfileStepProps = {
  phoneNumber: string;
  inviteCode: string;
  defaults: ProfileStepValues | undefined;
  onNext: (values: ProfileStepValues) => void;
  onBack: () => void;
  /** The server refused the (locked) invite code: the page forgets it and unlocks the field. */
  onInviteRejected: () => void;
};

const fieldNames = ['name', 'password', 'sourceCode', 'inviteCode'] as const;
type FieldName = (typeof fieldNames)[number];

function isFieldName(value: string | undefined): value is FieldName {
  return (fieldNames as readonly (string | undefined)[]).includes(value);
}

/** Step 3 (the spec's screens): name, password twice, source and invite code; the server
 * validates the whole registration so far before the bank step. */
export function ProfileStep({
  phoneNumber,
  inviteCode,
  defaults,
  onNext,
  onBack,
  onInviteRejected,
}: ProfileStepProps) {
  const { t } = useTranslation();
  const sources = useSources();
  const validate = useValidateRegistration();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ProfileStepInput, unknown, ProfileStepValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      name: defaults?.name ?? '',
      password: defaults?.password ?? '',
      confirmPassword: defaults?.confirmPassword ?? '',
      sourceCode: defaults?.sourceCode ?? '',
      inviteCode: inviteCode || defaults?.inviteCode || '',
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await validate.mutateAsync({
        name: values.name,
        username: phoneNumber,
        password: values.password,
        sourceCode: values.sourceCode,
        inviteCode: values.inviteCode,
      });
      onNext(values);
    } catch (error) {
      showErrorAlert(error);
      // The toast says what went wrong; the field the server names is marked as well.
      if (isApiError(error) && isFieldName(error.field)) {
        setError(error.field, { message: error.code });
        if (error.field === 'inviteCode') onInviteRejected();
      }
    }
  });

  const toggle = { 'aria-label': t('common.togglePassword') };
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('register.name')}
          autoComplete="name"
          leftSection={<IconUser size={18} aria-hidden />}
          error={fieldErrorText(errors.name?.message)}
          {...register('name')}
        />
        <PasswordInput
          label={t('register.password')}
          description={t('register.passwordHint')}
          autoComplete="new-password"
          leftSection={<IconLock size={18} aria-hidden />}
          visibilityToggleButtonProps={toggle}
          error={fieldErrorText(errors.password?.message)}
          {...register('password')}
        />
        <PasswordInput
          label={t('register.confirmPassword')}
          autoComplete="new-password"
          leftSection={<IconLock size={18} aria-hidden />}
          visibilityToggleButtonProps={toggle}
          error={fieldErrorText(errors.confirmPassword?.message)}
          {...register('confirmPassword')}
        />
        <Controller
          control={control}
          name="sourceCode"
          render={({ field }) => (
            <Select
              label={t('register.source')}
              placeholder={t('register.sourcePlaceholder')}
              data={(sources.data?.sources ?? []).map((s) => ({
                value: s.code,
                label: s.description,
              }))}
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              clearable
              clearButtonProps={{ 'aria-label': t('common.clear') }}
              allowDeselect
              error={fieldErrorText(errors.sourceCode?.message)}
            />
          )}
        />
        <TextInput
          label={t('register.inviteCode')}
          description={inviteCode ? t('register.inviteCodeLocked') : undefined}
          placeholder={t('register.inviteCodePlaceholder')}
          readOnly={inviteCode !== ''}
          leftSection={<IconTicket size={18} aria-hidden />}
          error={fieldErrorText(errors.inviteCode?.message)}
          {...register('inviteCode')}
        />
        <Button type="submit" size="md" fullWidth loading={validate.isPending}>
          {t('register.next')}
        </Button>
        <Button variant="subtle" color="gray" onClick={onBack}>
          {t('register.back')}
        </Button>
      </Stack>
    </form>
  );
}
