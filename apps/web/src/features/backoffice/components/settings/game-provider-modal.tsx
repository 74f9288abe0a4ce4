import { TextInput } from '@mantine/core';
import {
  GameProviderChangeSchema,
  HttpsUrlSchema,
  type OperatorGameProvider,
} from '@wallet/contract/operator-accounts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { fieldErrorText } from '../../../../lib/errors';
import { useChangeGameProvider } from '../../api/change-game-provider';
import { DeskFormModal, useDeskForm } from '../desk-form-modal';
import { ReasonField } from '../reason-modal';

/**
 * The contract's change of a provider's logo and links; the logo box may stay empty while the
 * provider keeps the picture the seed drew (a data URL, not an address to edit): then the logo
 * is not sent, and stays.
 */
const LinksFormSchema = GameProviderChangeSchema.pick({
  web: true,
  android: true,
  ios: true,
  reason: true,
}).extend({
  logo: z.union([z.literal('').transform(() => undefined), HttpsUrlSchema]),
});

const links = ['logo', 'web', 'android', 'ios'] as const;

type GameProviderModalProps = { provider: OperatorGameProvider | null; onClose: () => void };

/** A provider's logo and its web, Android and iOS links (`settings.providers`, admin). */
export function GameProviderModal({ provider, onClose }: GameProviderModalProps) {
  const { t } = useTranslation();
  const change = useChangeGameProvider();
  const values = useMemo(
    () => ({
      logo: provider?.logo.startsWith('https:') ? provider.logo : '',
      web: provider?.web ?? '',
      android: provider?.android ?? '',
      ios: provider?.ios ?? '',
      reason: '',
    }),
    [provider],
  );
  const form = useDeskForm(LinksFormSchema, { values, onClose });
  const { errors } = form.formState;

  const onSubmit = form.submit(async ({ logo, ...rest }) => {
    if (!provider) return undefined;
    await change.mutateAsync({ code: provider.code, ...rest, ...(logo ? { logo } : {}) });
    return t('backoffice.settings.saved', { name: provider.name });
  });

  return (
    <DeskFormModal
      opened={provider !== null}
      title={t('backoffice.settings.games.editTitle', { name: provider?.name ?? '' })}
      text={t('backoffice.settings.games.editText')}
      onClose={form.close}
      onSubmit={onSubmit}
      pending={form.pending}
      size="lg"
    >
      {links.map((field, index) => {
        const message = errors[field]?.message;
        return (
          <TextInput
            key={field}
            type="url"
            label={t(`backoffice.settings.games.fields.${field}`)}
            placeholder="https://"
            description={
              field === 'logo' && provider && !provider.logo.startsWith('https:')
                ? t('backoffice.settings.games.drawnLogo')
                : undefined
            }
            autoComplete="off"
            data-autofocus={index === 0 || undefined}
            error={
              message === 'KEY_INVALID'
                ? t('backoffice.settings.games.httpsOnly')
                : fieldErrorText(message)
            }
            {...form.register(field)}
          />
        );
      })}
      <ReasonField message={errors.reason?.message} {...form.register('reason')} />
    </DeskFormModal>
  );
}
