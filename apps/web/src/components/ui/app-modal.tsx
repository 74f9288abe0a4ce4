import { Button, Group, Modal, type ModalProps, Text } from '@mantine/core';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The one modal of the app: centred, with a close button that says what it does in the
 * reader's language (Mantine's own has no accessible name). Screens that show a long page
 * (an agreement, a video) pass `centered={false}`.
 */
export function AppModal({ closeButtonProps, ...props }: ModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      centered
      {...props}
      closeButtonProps={{ 'aria-label': t('common.close'), ...closeButtonProps }}
    />
  );
}

type ConfirmModalProps = {
  opened: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** 'red' where confirming gives something up (a bonus, a conversation). */
  confirmColor?: string;
  onConfirm: () => void;
};

/** A question before an action: cancel closes, confirm closes and then acts. */
export function ConfirmModal({
  opened,
  onClose,
  title,
  children,
  confirmLabel,
  cancelLabel,
  confirmColor,
  onConfirm,
}: ConfirmModalProps) {
  const { t } = useTranslation();
  return (
    <AppModal opened={opened} onClose={onClose} title={title}>
      {children}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          {cancelLabel ?? t('common.cancel')}
        </Button>
        <Button
          color={confirmColor}
          onClick={() => {
            onClose();
            onConfirm();
          }}
        >
          {confirmLabel}
        </Button>
      </Group>
    </AppModal>
  );
}

/** The error dialog of an action that the spec's error catalogue answers with a dialog, not a toast. */
export function ErrorModal({ error, onClose }: { error: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  // The message stays while the dialog fades out.
  const shown = useRef(error);
  if (error !== null) shown.current = error;
  return (
    <AppModal opened={error !== null} onClose={onClose} title={t('common.errorTitle')}>
      <Text c="red.4">{shown.current}</Text>
    </AppModal>
  );
}
