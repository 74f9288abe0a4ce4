import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import {
  isPromotionFound,
  type PromotionCodeParams,
  PromotionCodeParamsSchema,
} from '@wallet/contract/promotion';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { lazyOverlay } from '../../../components/ui/lazy-overlay';
import { showErrorAlert } from '../../../lib/alerts';
import { fieldErrorText } from '../../../lib/errors';
import { uppercaseOnInput } from '../../../lib/uppercase-on-input';
import { useFindPromotion } from '../api/find-promotion';
import type { FoundPromotion } from './promotion-details-modal';

const PromotionDetailsModal = lazyOverlay(
  async () => (await import('./promotion-details-modal')).PromotionDetailsModal,
  (props) => props.promotion !== null,
);

/**
 * The promotion-code search (the spec's states and validation rules): the code is required, upper-cased as it
 * is typed and sent upper case (the contract's schema is the form's resolver). A searching
 * message shows while the server looks; a code it does not know is a not-found message, not an
 * error; a found one opens its details.
 */
export function PromotionSearch() {
  const { t } = useTranslation();
  const find = useFindPromotion();
  const [found, setFound] = useState<FoundPromotion | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof PromotionCodeParamsSchema>, unknown, PromotionCodeParams>({
    resolver: zodResolver(PromotionCodeParamsSchema),
    defaultValues: { code: '' },
  });
  const field = register('code');

  const onSubmit = handleSubmit(({ code }) =>
    find.mutate(code, {
      onSuccess: (answer) => {
        if (isPromotionFound(answer)) setFound({ ...answer, code });
      },
      onError: showErrorAlert,
    }),
  );
  const notFound = find.isSuccess && !isPromotionFound(find.data);

  return (
    <Paper p="md" radius="lg" withBorder>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="xs">
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              label={t('bonus.promoLabel')}
              placeholder={t('bonus.promoPlaceholder')}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              style={{ flex: 1 }}
              error={fieldErrorText(errors.code?.message)}
              {...field}
              onChange={(event) => field.onChange(uppercaseOnInput(event))}
            />
            <Button
              type="submit"
              mt={25}
              loading={find.isPending}
              leftSection={<IconSearch size={16} aria-hidden />}
            >
              {t('bonus.search')}
            </Button>
          </Group>
          <div role="status">
            {find.isPending && (
              <Text size="sm" c="dimmed">
                {t('bonus.searching', { code: find.variables })}
              </Text>
            )}
            {notFound && (
              <Text size="sm" c="orange.4">
                {t('bonus.notFound', { code: find.variables })}
              </Text>
            )}
          </div>
        </Stack>
      </form>
      <PromotionDetailsModal promotion={found} onClose={() => setFound(null)} />
    </Paper>
  );
}
