import { ActionIcon, Button, FileButton, Group, Stack, Textarea, Tooltip } from '@mantine/core';
import { IconListDetails, IconMessageReply, IconPaperclip, IconSend } from '@tabler/icons-react';
import type { StaffOutgoingMessage } from '@wallet/contract/backoffice';
import { checkChatAttachment } from '@wallet/contract/chat';
import { chatLimits } from '@wallet/contract/constants';
import type { KeyboardEvent } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showErrorMessage } from '../../../lib/alerts';
import { fieldErrorText } from '../../../lib/errors';
import {
  type ComposerExtra,
  type ComposerValues,
  composerResolver,
  emptyComposer,
} from '../composer-form';
import { ButtonsEditor } from './buttons-editor';
import { classes } from './classes';
import { QuickRepliesEditor } from './quick-replies-editor';

/** What the file picker offers: the types the spec's validation rules allows (checkChatAttachment). */
const ACCEPT =
  'image/png,image/jpeg,image/gif,video/mp4,video/quicktime,.png,.jpg,.jpeg,.gif,.mp4,.mov';

type ComposerProps = {
  onSend: (message: StaffOutgoingMessage) => void;
  onAttach: (file: File, kind: 'image' | 'video') => void;
};

/**
 * Staff's reply: a text (Enter sends, Shift+Enter starts a new line), optionally with
 * quick-reply choices or buttons under it, or a picture or video. The form checks the message
 * with the contract's StaffOutgoingMessageSchema (composer-form.ts) before handing it over.
 */
export function Composer({ onSend, onAttach }: ComposerProps) {
  const { t } = useTranslation();
  const form = useForm<ComposerValues, unknown, StaffOutgoingMessage>({
    resolver: composerResolver,
    defaultValues: emptyComposer,
  });
  const { register, handleSubmit, watch, setValue, reset, formState } = form;
  const extra = watch('extra');

  const submit = handleSubmit((message) => {
    onSend(message);
    reset(emptyComposer);
  });

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    // A bare empty text is simply not sent (the spec's validation rules); with choices or buttons the
    // form says what is missing.
    if (extra === 'none' && event.currentTarget.value.trim() === '') return;
    void submit();
  };

  const toggle = (next: ComposerExtra) =>
    setValue('extra', extra === next ? 'none' : next, { shouldValidate: false });

  const attach = (file: File | null) => {
    if (!file) return;
    const check = checkChatAttachment(file);
    if (!check.ok) {
      showErrorMessage(
        check.error === 'chat.fileTooLargeMsg'
          ? t('backoffice.attach.tooLarge', { maxMb: check.maxMb })
          : t('backoffice.attach.notSupported'),
      );
      return;
    }
    onAttach(file, check.kind);
  };

  return (
    <FormProvider {...form}>
      <form
        className={classes.composer}
        onSubmit={submit}
        // Enter in a one-line field (a button's title or link) does not send the message:
        // only the message box and the Send button do.
        onKeyDown={(event) => {
          if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
            event.preventDefault();
          }
        }}
        noValidate
        aria-label={t('backoffice.composer.label')}
      >
        <Stack gap="xs">
          {extra === 'quick_replies' && <QuickRepliesEditor />}
          {extra === 'buttons' && <ButtonsEditor />}
          <Textarea
            aria-label={t('backoffice.composer.message')}
            placeholder={t('backoffice.composer.placeholder')}
            autosize
            minRows={1}
            maxRows={6}
            size="sm"
            maxLength={chatLimits.textMax}
            error={fieldErrorText(formState.errors.text?.message, { max: chatLimits.textMax })}
            onKeyDown={onKeyDown}
            {...register('text')}
          />
          <Group gap="xs" justify="space-between" wrap="nowrap">
            <Group gap={4} wrap="nowrap">
              <FileButton onChange={attach} accept={ACCEPT}>
                {(props) => (
                  <Tooltip
                    label={t('backoffice.attach.label')}
                    // Not on focus: focus comes back here when the file dialog closes.
                    events={{ hover: true, focus: false, touch: false }}
                  >
                    <ActionIcon
                      {...props}
                      variant="subtle"
                      size="lg"
                      aria-label={t('backoffice.attach.label')}
                    >
                      <IconPaperclip size={20} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                )}
              </FileButton>
              <Button
                variant={extra === 'quick_replies' ? 'light' : 'subtle'}
                size="compact-sm"
                leftSection={<IconMessageReply size={16} aria-hidden />}
                aria-pressed={extra === 'quick_replies'}
                onClick={() => toggle('quick_replies')}
              >
                {t('backoffice.composer.quickReplies')}
              </Button>
              <Button
                variant={extra === 'buttons' ? 'light' : 'subtle'}
                size="compact-sm"
                leftSection={<IconListDetails size={16} aria-hidden />}
                aria-pressed={extra === 'buttons'}
                onClick={() => toggle('buttons')}
              >
                {t('backoffice.composer.buttons')}
              </Button>
            </Group>
            <Button
              type="submit"
              size="compact-md"
              rightSection={<IconSend size={16} aria-hidden />}
            >
              <span className={classes.phoneHidden}>{t('backoffice.composer.send')}</span>
            </Button>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}
