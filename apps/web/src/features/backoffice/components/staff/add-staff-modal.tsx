import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Code, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCopy } from '@tabler/icons-react';
import { type CreatedStaff, CreateStaffSchema, staffRoles } from '@wallet/contract/staff';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { AppModal } from '../../../../components/ui/app-modal';
import { FormActions } from '../../../../components/ui/form-actions';
import { FormAlert } from '../../../../components/ui/form-alert';
import { copyText } from '../../../../lib/clipboard';
import { errorText, fieldErrorText } from '../../../../lib/errors';
import { useCreateStaff } from '../../api/create-staff';

type AddStaffForm = z.input<typeof CreateStaffSchema>;

/**
 * The one-time password of the account just made, shown this once to hand over: it lives in
 * this dialog's state alone and is gone when the dialog closes. The new account enrols its
 * authenticator at its first sign-in.
 */
function OneTimePassword({ created, onDone }: { created: CreatedStaff; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Text size="sm">{t('backoffice.staff.created', { username: created.username })}</Text>
      <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
        {t('backoffice.staff.passwordOnce')}
      </Alert>
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Code fz="lg" aria-label={t('backoffice.staff.password')} data-testid="one-time-password">
          {created.password}
        </Code>
        <Button
          variant="default"
          size="compact-sm"
          leftSection={<IconCopy size={16} aria-hidden />}
          onClick={() => void copyText(created.password)}
        >
          {t('backoffice.staff.copyPassword')}
        </Button>
      </Group>
      <Group justify="flex-end">
        <Button onClick={onDone}>{t('backoffice.staff.done')}</Button>
      </Group>
    </Stack>
  );
}

/** "Add staff" (admin): username, name and role (CreateStaffSchema), then the password, once. */
export function AddStaffModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateStaff();
  const [created, setCreated] = useState<CreatedStaff | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<AddStaffForm, unknown, z.output<typeof CreateStaffSchema>>({
    resolver: zodResolver(CreateStaffSchema),
    defaultValues: { username: '', name: '', role: 'viewer' },
  });

  const close = () => {
    // Nothing of the password stays: neither here nor in the mutation's state.
    setCreated(null);
    setRefusal(null);
    create.reset();
    reset();
    onClose();
  };

  const onSubmit = handleSubmit(async (values) => {
    setRefusal(null);
    try {
      setCreated(await create.mutateAsync(values));
    } catch (error) {
      setRefusal(errorText(error));
    }
  });

  return (
    <AppModal opened={opened} onClose={close} title={t('backoffice.staff.add')}>
      {created ? (
        <OneTimePassword created={created} onDone={close} />
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <TextInput
              label={t('backoffice.staff.columns.username')}
              description={t('backoffice.staff.usernameHint')}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              data-autofocus
              error={fieldErrorText(errors.username?.message)}
              {...register('username')}
            />
            <TextInput
              label={t('backoffice.staff.columns.name')}
              autoComplete="off"
              error={fieldErrorText(errors.name?.message)}
              {...register('name')}
            />
            <Controller
              control={control}
              name="role"
              render={({ field }) => (
                <Select
                  label={t('backoffice.staff.columns.role')}
                  data={staffRoles.map((role) => ({
                    value: role,
                    label: t(`backoffice.roles.${role}`),
                  }))}
                  allowDeselect={false}
                  value={field.value}
                  onChange={(value) => field.onChange(value)}
                  onBlur={field.onBlur}
                  error={fieldErrorText(errors.role?.message)}
                  comboboxProps={{ withinPortal: true, zIndex: 1000 }}
                />
              )}
            />
            {refusal && <FormAlert message={refusal} />}
            <FormActions
              onCancel={close}
              submitLabel={t('backoffice.staff.create')}
              pending={create.isPending}
            />
          </Stack>
        </form>
      )}
    </AppModal>
  );
}
