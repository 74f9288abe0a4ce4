import { Badge, Group } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { CellLines } from './cell-lines';
import { RowAction } from './row-action';

export type DecisionButtonsProps = {
  /** The buttons' accessible names, naming the row ("Approve adjustment 12"). */
  approveLabel: string;
  rejectLabel: string;
  onApprove: () => void;
  onReject: () => void;
  disabled?: boolean;
  /** Why approving will be refused, said before the click (one's own request: MAKER_CHECKER). */
  approveTitle?: string | undefined;
};

/** Approve, or reject (which asks why): the two buttons of every maker-checker row. */
export function DecisionButtons({
  approveLabel,
  rejectLabel,
  onApprove,
  onReject,
  disabled = false,
  approveTitle,
}: DecisionButtonsProps) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      <RowAction
        icon={IconCheck}
        variant="filled"
        color="teal"
        disabled={disabled}
        onClick={onApprove}
        label={approveLabel}
        title={approveTitle}
      >
        {t('backoffice.decision.approve')}
      </RowAction>
      <RowAction
        icon={IconX}
        color="red"
        disabled={disabled}
        onClick={onReject}
        label={rejectLabel}
      >
        {t('backoffice.decision.reject')}
      </RowAction>
    </Group>
  );
}

/**
 * Whether a request waits for a second staff member's decision (a kept transfer's assignment, a
 * slip's credit): who asked and what, or the words for none asked yet.
 */
export function WaitingState({ asked, none }: { asked: string | null; none: string }) {
  const { t } = useTranslation();
  if (asked === null) {
    return (
      <Badge color="gray" variant="light">
        {none}
      </Badge>
    );
  }
  return (
    <CellLines
      main={
        <Badge color="yellow" variant="light">
          {t('backoffice.decision.waiting')}
        </Badge>
      }
      sub={asked}
    />
  );
}

type DecisionColumnsOptions<T> = {
  /** The list shows decided rows: who decided each, and why. */
  decided: boolean;
  decision: (row: T) => { by: string | null; reason: string | null };
  /** The list shows waiting rows to a role that decides them: the buttons. */
  deciding: boolean;
  buttons?: (row: T) => DecisionButtonsProps;
};

/**
 * The two columns a queue of decisions ends with (adjustments, withdrawals): who decided and
 * why, shown once decided, and approve / reject, shown while waiting to a role that decides.
 */
export function useDecisionColumns<T>({
  decided,
  decision,
  deciding,
  buttons,
}: DecisionColumnsOptions<T>): DataTableColumn<T>[] {
  const { t } = useTranslation();
  return [
    {
      accessor: 'decidedBy',
      title: t('backoffice.decision.decidedBy'),
      hidden: !decided,
      render: (row) => {
        const { by, reason } = decision(row);
        return <CellLines main={by ?? '—'} sub={reason} />;
      },
    },
    {
      accessor: 'actions',
      title: t('backoffice.table.actions'),
      textAlign: 'right',
      hidden: !(deciding && buttons),
      render: (row) => (buttons ? <DecisionButtons {...buttons(row)} /> : null),
    },
  ];
}
