import { ActionIcon, Alert, FileButton, Textarea } from '@mantine/core';
import { IconPaperclip, IconSend2 } from '@tabler/icons-react';
import { chatTextToSend } from '@wallet/contract/chat';
import { chatLimits, timings } from '@wallet/contract/constants';
import { type KeyboardEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatSession } from '../chat-session';
import classes from './chat-widget.module.css';

/** What the file picker offers (the spec's validation rules): png, jpeg, jpg and gif; mp4 and mov. */
const ACCEPT = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'video/mp4',
  'video/quicktime',
  '.png',
  '.jpeg',
  '.jpg',
  '.gif',
  '.mp4',
  '.mov',
].join(',');

/** The counter shows once the text comes this close to the limit. */
const COUNTER_FROM = chatLimits.textMax - 200;

/**
 * The text box and the attachment button (the spec's validation rules). Enter sends; Shift, Ctrl, Alt or
 * Meta with Enter starts a new line instead. Only a text that is not empty once trimmed and at
 * most 2000 characters is sent. A refused file says why for 4 s (the spec's error catalogue).
 */
export function ChatComposer({ session }: { session: ChatSession }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [refusal, setRefusal] = useState<{ text: string } | null>(null);
  const areaRef = useRef<HTMLTextAreaElement>(null);
  const caret = useRef<number | null>(null);
  const resetFile = useRef<() => void>(null);
  const tooLong = text.length > chatLimits.textMax;
  const canSend = chatTextToSend(text) !== null;

  // A new refusal (a new object, even with the same words) shows for its own 4 s.
  useEffect(() => {
    if (!refusal) return;
    const timer = setTimeout(() => setRefusal(null), timings.alertMs);
    return () => clearTimeout(timer);
  }, [refusal]);

  // After a newline typed with Ctrl, Alt or Meta the caret goes after it, once the new text
  // is in the box.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new text on purpose
  useLayoutEffect(() => {
    if (caret.current === null || !areaRef.current) return;
    areaRef.current.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  }, [text]);

  const send = () => {
    if (session.outbox.sendText(text)) setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    // Shift+Enter: the browser itself starts the new line.
    if (event.shiftKey) return;
    event.preventDefault();
    if (event.ctrlKey || event.altKey || event.metaKey) {
      const area = event.currentTarget;
      const { selectionStart, selectionEnd, value } = area;
      caret.current = selectionStart + 1;
      setText(`${value.slice(0, selectionStart)}\n${value.slice(selectionEnd)}`);
      return;
    }
    send();
  };

  const onFile = (file: File | null) => {
    resetFile.current?.();
    if (!file) return;
    const check = session.outbox.attach(file);
    if (check.ok) {
      setRefusal(null);
      return;
    }
    setRefusal({
      text:
        check.error === 'chat.fileTooLargeMsg'
          ? t(check.error, { maxMb: check.maxMb })
          : t(check.error),
    });
  };

  return (
    <>
      {refusal && (
        <Alert color="red" variant="light" radius={0} py={8}>
          {refusal.text}
        </Alert>
      )}
      <div className={classes.composer}>
        <FileButton onChange={onFile} accept={ACCEPT} resetRef={resetFile}>
          {(props) => (
            <ActionIcon
              {...props}
              variant="subtle"
              color="gray"
              size="lg"
              radius="xl"
              aria-label={t('chat.attach')}
            >
              <IconPaperclip size={20} aria-hidden />
            </ActionIcon>
          )}
        </FileButton>
        <Textarea
          ref={areaRef}
          flex={1}
          autosize
          minRows={1}
          maxRows={5}
          radius="lg"
          aria-label={t('chat.input')}
          placeholder={t('chat.placeholder')}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          error={tooLong ? t('chat.tooLongMsg', { max: chatLimits.textMax }) : undefined}
          description={
            text.length > COUNTER_FROM ? `${text.length}/${chatLimits.textMax}` : undefined
          }
          inputWrapperOrder={['input', 'description', 'error']}
        />
        <ActionIcon
          size="lg"
          radius="xl"
          onClick={send}
          disabled={!canSend}
          aria-label={t('chat.send')}
        >
          <IconSend2 size={18} aria-hidden />
        </ActionIcon>
      </div>
    </>
  );
}
