import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { MemberSearchQuerySchema } from '@wallet/contract/staff-members';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { fieldErrorText } from '../../../../lib/errors';

type SearchForm = z.input<typeof MemberSearchQuerySchema>;

/** The members' search box: the server's own rule for `q` (MemberSearchQuerySchema). */
export function MemberSearch({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SearchForm>({
    resolver: zodResolver(MemberSearchQuerySchema),
    defaultValues: { q },
  });
  return (
    <form onSubmit={handleSubmit((values) => onSearch(values.q))} noValidate>
      <Group align="flex-start" gap="sm" mb="md">
        <TextInput
          aria-label={t('backoffice.members.search')}
          placeholder={t('backoffice.members.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          w={420}
          autoFocus
          error={fieldErrorText(errors.q?.message)}
          {...register('q')}
        />
        <Button type="submit">{t('backoffice.members.searchButton')}</Button>
      </Group>
    </form>
  );
}
