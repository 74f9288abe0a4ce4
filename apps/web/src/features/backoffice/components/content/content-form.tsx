import { Fieldset, Stack, Text } from '@mantine/core';
import { IconWorldUpload } from '@tabler/icons-react';
import type { Locale } from '@wallet/contract/constants';
import type { ContentKey, ContentSettings } from '@wallet/contract/content-settings';
import type { ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useChangeContent } from '../../api/change-content';
import { classes } from '../classes';
import { SaveBar } from '../promotions/fields';
import { PhonePreview } from '../promotions/phone-preview';
import { refusalOnField, useReasonedSave } from '../promotions/promotion-form';
import { ReasonModal } from '../reason-modal';
import { PREVIEW_PERCENT_FAIL } from './content-previews';

/**
 * What every part of the content shares: its form, checked by the contract's schema of that part
 * as the server checks it (each part's `useForm` with its `zodResolver`), a refusal of the server
 * under its field, a reason before it is published, and the phone beside it that draws the draft
 * with the member app's own screens.
 */

export type ContentForm<K extends ContentKey> = UseFormReturn<ContentSettings[K]>;

type ContentPartProps<K extends ContentKey> = {
  part: K;
  form: ContentForm<K>;
  mayChange: boolean;
  /** The part's fields. */
  children: ReactNode;
  /** The member screen of the draft in a language, in the phone beside the form. */
  preview: (draft: ContentSettings[K], locale: Locale) => ReactNode;
};

/** One part of the content: its form beside its phone, published with a reason. */
export function ContentPart<K extends ContentKey>({
  part,
  form,
  mayChange,
  children,
  preview,
}: ContentPartProps<K>) {
  const { t } = useTranslation();
  const change = useChangeContent(part);
  const name = t(`backoffice.content.tabs.${part}`);
  const draft = form.watch();
  const save = useReasonedSave<ContentSettings[K]>({
    save: (value, reason) => change.mutateAsync({ value, reason }),
    // The body wraps the part in `value`: the server names `value.lineQR`, `value.videos.2.url`.
    onRefusal: refusalOnField(form.setError, Object.keys(form.getValues()), 'value.'),
    saved: t('backoffice.content.saved', { name }),
  });

  return (
    <div className={classes.previewed}>
      <form
        aria-label={t('backoffice.content.form', { name })}
        onSubmit={form.handleSubmit(save.ask)}
        noValidate
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t(mayChange ? `backoffice.content.about.${part}` : 'backoffice.content.readOnly')}
          </Text>
          <Fieldset variant="unstyled" disabled={!mayChange}>
            <Stack gap="md">{children}</Stack>
          </Fieldset>
          {mayChange && (
            <SaveBar
              dirty={form.formState.isDirty}
              onUndo={() => form.reset()}
              submit={t('backoffice.content.publish')}
              icon={<IconWorldUpload size={16} aria-hidden />}
            />
          )}
        </Stack>
      </form>
      <PhonePreview hint={t(`backoffice.content.hints.${part}`, { percent: PREVIEW_PERCENT_FAIL })}>
        {(locale) => preview(draft, locale)}
      </PhonePreview>
      <ReasonModal
        request={
          save.checked && {
            title: t('backoffice.content.publishTitle', { name }),
            text: t('backoffice.content.publishText'),
            confirmLabel: t('backoffice.content.publish'),
          }
        }
        onClose={save.cancel}
        onConfirm={save.confirm}
      />
    </div>
  );
}
