import { ActionIcon, Alert, Group, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { showSuccessAlert } from '../../../../lib/alerts';
import { showDeskError } from '../../fresh-code';
import { ReasonModal, type ReasonRequest } from '../reason-modal';

/**
 * The parts the settings tabs share: what a tab is for, the reason dialog of a change, a row's
 * place in the members' order.
 */

/** What a settings tab is for, and, for a role that may not change it, that it reads only. */
export function PanelIntro({ text, readOnly }: { text: string; readOnly: string | null }) {
  return (
    <>
      <Text size="sm" c="dimmed">
        {text}
      </Text>
      {readOnly && (
        <Alert variant="light" color="gray" icon={<IconLock size={18} aria-hidden />}>
          {readOnly}
        </Alert>
      )}
    </>
  );
}

/** A change that asks why first: the reason dialog's words, and what sending it does. */
export type ReasonedChange = ReasonRequest & {
  /** Sends the change with the reason; answers the words of the toast that says it is done. */
  run: (reason: string) => Promise<string>;
};

/**
 * The reason dialog of a settings list (a switch flipped, a row moved): the change is sent once
 * a reason is given, its toast says it is done, a refusal says why and leaves the dialog open.
 */
export function ReasonedChangeModal({
  change,
  onClose,
}: {
  change: ReasonedChange | null;
  onClose: () => void;
}) {
  const confirm = async (reason: string) => {
    if (!change) return;
    try {
      showSuccessAlert(await change.run(reason));
    } catch (error) {
      showDeskError(error);
      throw error;
    }
  };
  return <ReasonModal request={change} onClose={onClose} onConfirm={confirm} />;
}

type OrderButtonsProps = {
  /** Where the row stands, from 0, among `count` rows. */
  index: number;
  count: number;
  /** The row's name, for the buttons' accessible names. */
  name: string;
  /** The role may change the order; otherwise only the position shows. */
  mayChange: boolean;
  onMove: (step: -1 | 1) => void;
};

/** A row's place in the order members see, and its buttons to move it a step up or down. */
export function OrderButtons({ index, count, name, mayChange, onMove }: OrderButtonsProps) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="sm" w={20} ta="right" c="dimmed">
        {index + 1}
      </Text>
      {mayChange && (
        <>
          <ActionIcon
            variant="subtle"
            aria-label={t('backoffice.settings.order.up', { name })}
            disabled={index === 0}
            onClick={() => onMove(-1)}
          >
            <IconArrowUp size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            aria-label={t('backoffice.settings.order.down', { name })}
            disabled={index === count - 1}
            onClick={() => onMove(1)}
          >
            <IconArrowDown size={16} aria-hidden />
          </ActionIcon>
        </>
      )}
    </Group>
  );
}

/** The reason dialog's words for moving a row a step, and the order it asks for. */
export function useMoveRequest() {
  const { t } = useTranslation();
  return (name: string, step: -1 | 1, send: (reason: string) => Promise<void>): ReasonedChange => ({
    title: t('backoffice.settings.order.title'),
    text: t(step < 0 ? 'backoffice.settings.order.upText' : 'backoffice.settings.order.downText', {
      name,
    }),
    confirmLabel: t('backoffice.settings.order.confirm'),
    run: async (reason) => {
      await send(reason);
      return t('backoffice.settings.order.saved');
    },
  });
}
