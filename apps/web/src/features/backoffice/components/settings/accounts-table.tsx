import { Button, Group, Stack, Switch, Title } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { movedOrder } from '@wallet/contract/operator-accounts';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChangeOrder } from '../../api/change-order';
import { DeskTable } from '../desk-table';
import { RowAction } from '../row-action';
import {
  OrderButtons,
  type ReasonedChange,
  ReasonedChangeModal,
  useMoveRequest,
} from './settings-parts';

type Row = { id: number; active: boolean };

/** The first column of a list in the operator's order: the place, and the buttons to move it. */
export function orderColumn<T>(
  title: string,
  count: number,
  nameOf: (row: T) => string,
  mayChange: boolean,
  onMove: (row: T, step: -1 | 1) => void,
): DataTableColumn<T> {
  return {
    accessor: 'sortOrder',
    title,
    render: (row, index) => (
      <OrderButtons
        index={index}
        count={count}
        name={nameOf(row)}
        mayChange={mayChange}
        onMove={(step) => onMove(row, step)}
      />
    ),
  };
}

/** The last column of a settings list: its "Edit" button, for a role that may change it. */
export function editColumns<T>(
  title: string,
  mayChange: boolean,
  label: (row: T) => string,
  onEdit: (row: T) => void,
): DataTableColumn<T>[] {
  if (!mayChange) return [];
  return [
    {
      accessor: 'actions',
      title,
      textAlign: 'right',
      render: (row) => <EditButton label={label(row)} onClick={() => onEdit(row)} />,
    },
  ];
}

function EditButton({ label, onClick }: { label: string; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <RowAction
      icon={IconPencil}
      label={t('backoffice.settings.editOf', { name: label })}
      onClick={onClick}
    >
      {t('backoffice.settings.edit')}
    </RowAction>
  );
}

type AccountsTableProps<T extends Row> = {
  title: string;
  addLabel: string;
  /** The role may change them (`settings.deposits`); otherwise they read only. */
  mayChange: boolean;
  list: 'deposit-accounts' | 'truemoney-accounts';
  query: { data: { accounts: T[] } | undefined; isFetching: boolean; isError: boolean };
  nameOf: (row: T) => string;
  /** The columns between the order and the on/off switch. */
  columns: DataTableColumn<T>[];
  /** Sends the account with `active` as given, and why. */
  setActive: (row: T, active: boolean, reason: string) => Promise<unknown>;
  /** Opens the account's form, or the form of a new one. */
  onEdit: (row: T | 'new') => void;
};

/**
 * A list of accounts members pay into, in the order they see them: each moved a step up or
 * down, turned on or off (each asking why first), changed in its form, or a new one added.
 */
export function AccountsTable<T extends Row>({
  title,
  addLabel,
  mayChange,
  list,
  query,
  nameOf,
  columns,
  setActive,
  onEdit,
}: AccountsTableProps<T>) {
  const { t } = useTranslation();
  const order = useChangeOrder();
  const moveRequest = useMoveRequest();
  const [asking, setAsking] = useState<ReasonedChange | null>(null);
  const rows = query.data?.accounts ?? [];

  const toggle = (row: T) => {
    const name = nameOf(row);
    const words = row.active ? 'off' : 'on';
    setAsking({
      title: t(`backoffice.settings.accounts.${words}Title`, { name }),
      text: t(`backoffice.settings.accounts.${words}Text`),
      confirmLabel: t(`backoffice.settings.turn.${words}`),
      run: async (reason) => {
        await setActive(row, !row.active, reason);
        return t(`backoffice.settings.turn.${words}Done`, { name });
      },
    });
  };

  const move = (row: T, step: -1 | 1) =>
    setAsking(
      moveRequest(nameOf(row), step, async (reason) => {
        const ids = movedOrder(
          rows.map((each) => each.id),
          row.id,
          step,
        );
        await order.mutateAsync({ list, ids, reason });
      }),
    );

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h4">
          {title}
        </Title>
        {mayChange && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => onEdit('new')}>
            {addLabel}
          </Button>
        )}
      </Group>
      <DeskTable<T>
        aria-label={title}
        records={rows}
        fetching={query.isFetching && !query.data}
        noRecordsText={t(query.isError ? 'backoffice.table.loadFailed' : 'backoffice.table.empty')}
        columns={[
          orderColumn(t('backoffice.settings.order.column'), rows.length, nameOf, mayChange, move),
          ...columns,
          {
            accessor: 'active',
            title: t('backoffice.settings.accounts.columns.active'),
            render: (row) => (
              <Switch
                checked={row.active}
                disabled={!mayChange}
                aria-label={t('backoffice.settings.accounts.activeOf', { name: nameOf(row) })}
                onChange={() => toggle(row)}
              />
            ),
          },
          ...editColumns(t('backoffice.table.actions'), mayChange, nameOf, onEdit),
        ]}
      />
      <ReasonedChangeModal change={asking} onClose={() => setAsking(null)} />
    </Stack>
  );
}
