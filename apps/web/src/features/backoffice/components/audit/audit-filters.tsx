import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, TextInput } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { AuditQuerySchema } from '@wallet/contract/staff';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { fieldErrorText } from '../../../../lib/errors';
import type { AuditFilter } from '../../api/get-audit';

/** A `datetime-local` box's value ('' or local time) as the ISO date-time the query takes. */
const LocalDateTimeSchema = z
  .string()
  .refine((value) => value === '' || !Number.isNaN(Date.parse(value)), { error: 'KEY_INVALID' })
  .transform((value) => (value === '' ? undefined : new Date(value).toISOString()));

/** The query's own rules for the words (AuditQuerySchema), the dates from the browser's boxes. */
const AuditFilterFormSchema = AuditQuerySchema.pick({
  staff: true,
  target: true,
  action: true,
}).extend({ from: LocalDateTimeSchema, to: LocalDateTimeSchema });
type AuditFilterForm = z.input<typeof AuditFilterFormSchema>;

const empty: AuditFilterForm = { staff: '', target: '', action: '', from: '', to: '' };

/** Who, on what, which action, between when: the audit log's filters. */
export function AuditFilters({ onFilter }: { onFilter: (filter: AuditFilter) => void }) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<AuditFilterForm, unknown, z.output<typeof AuditFilterFormSchema>>({
    resolver: zodResolver(AuditFilterFormSchema),
    defaultValues: empty,
  });

  const apply = handleSubmit((values) => {
    const filter: AuditFilter = {};
    for (const key of ['staff', 'target', 'action', 'from', 'to'] as const) {
      const value = values[key];
      if (value) filter[key] = value;
    }
    onFilter(filter);
  });

  const field = (name: keyof AuditFilterForm, placeholder?: string) => ({
    label: t(`backoffice.audit.filters.${name}`),
    placeholder,
    error: fieldErrorText(errors[name]?.message),
    ...register(name),
  });

  return (
    <form onSubmit={apply} noValidate aria-label={t('backoffice.audit.filters.label')}>
      <Group align="flex-end" gap="sm" mb="md">
        <TextInput w={150} {...field('staff', 'finance')} />
        <TextInput w={170} {...field('target', 'member:12')} />
        <TextInput w={190} {...field('action', 'withdrawal.approve')} />
        <TextInput w={200} type="datetime-local" {...field('from')} />
        <TextInput w={200} type="datetime-local" {...field('to')} />
        <Button type="submit" leftSection={<IconFilter size={16} aria-hidden />}>
          {t('backoffice.audit.filters.apply')}
        </Button>
        <Button
          variant="subtle"
          color="gray"
          onClick={() => {
            reset(empty);
            onFilter({});
          }}
        >
          {t('backoffice.audit.filters.clear')}
        </Button>
      </Group>
    </form>
  );
}
