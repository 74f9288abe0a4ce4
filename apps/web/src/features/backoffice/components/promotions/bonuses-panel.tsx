import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconEdit, IconPlus } from '@tabler/icons-react';
import type { BonusSetting } from '@wallet/contract/promotion-settings';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBonusSettings } from '../../api/get-bonus-settings';
import { useStaffMoney } from '../../money';
import { DeskTable, useDeskList } from '../desk-table';
import { RowAction } from '../row-action';
import { BonusModal } from './bonus-modal';

/**
 * Every bonus and promotion code, both currencies, on or off: what each gives and asks. Staff who
 * may change them (`promotions.change`) add one or change one in its dialog, beside its preview.
 */
export function BonusesPanel({ mayChange }: { mayChange: boolean }) {
  const { t } = useTranslation();
  const money = useStaffMoney();
  const query = useBonusSettings();
  const table = useDeskList(query, { columnAccessor: 'currency', direction: 'asc' });
  const [editing, setEditing] = useState<BonusSetting | 'new' | null>(null);
  const label = (field: string) => t(`backoffice.promotions.bonus.fields.${field}`);

  const columns: DataTableColumn<BonusSetting>[] = [
    { accessor: 'code', title: label('code'), sortable: true },
    {
      accessor: 'currency',
      title: label('currency'),
      sortable: true,
      render: ({ currency }) => t(`backoffice.currencies.${currency}`),
    },
    {
      accessor: 'kind',
      title: label('kind'),
      render: ({ kind }) => t(`backoffice.promotions.bonus.kinds.${kind}`),
    },
    {
      accessor: 'type',
      title: label('type'),
      render: ({ type, maxReceived }) =>
        t(`backoffice.promotions.bonus.typeTimes.${type}`, { count: maxReceived }),
    },
    {
      accessor: 'percent',
      title: label('percent'),
      textAlign: 'right',
      sortable: true,
      render: ({ percent }) => `${percent} %`,
    },
    {
      accessor: 'maxBonus',
      title: label('maxBonus'),
      textAlign: 'right',
      render: ({ maxBonus, currency }) => money(maxBonus, currency),
    },
    {
      accessor: 'minDeposit',
      title: label('minDeposit'),
      textAlign: 'right',
      render: ({ minDeposit, currency }) => money(minDeposit, currency),
    },
    {
      accessor: 'turnoverMultiplier',
      title: label('turnoverShort'),
      textAlign: 'right',
      render: ({ turnoverMultiplier }) => `${turnoverMultiplier} ×`,
    },
    {
      accessor: 'percentFail',
      title: label('percentFailShort'),
      textAlign: 'right',
      render: ({ percentFail }) => `${percentFail} %`,
    },
    {
      accessor: 'active',
      title: label('active'),
      sortable: true,
      render: ({ active }) => (
        <Badge color={active ? 'teal' : 'gray'} variant="light">
          {t(active ? 'backoffice.promotions.on' : 'backoffice.promotions.off')}
        </Badge>
      ),
    },
    ...(mayChange
      ? [
          {
            accessor: 'actions',
            title: '',
            textAlign: 'right' as const,
            render: (bonus: BonusSetting) => (
              <RowAction
                icon={IconEdit}
                label={t('backoffice.promotions.bonus.editTitle', { code: bonus.code })}
                onClick={() => setEditing(bonus)}
              >
                {t('backoffice.promotions.edit')}
              </RowAction>
            ),
          },
        ]
      : []),
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="nowrap">
        <Text size="sm" c="dimmed">
          {t(mayChange ? 'backoffice.promotions.bonus.intro' : 'backoffice.promotions.readOnly')}
        </Text>
        {mayChange && (
          <Button
            flex="none"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setEditing('new')}
          >
            {t('backoffice.promotions.bonus.add')}
          </Button>
        )}
      </Group>
      <DeskTable<BonusSetting>
        {...table}
        idAccessor={(bonus) => `${bonus.currency}:${bonus.code}`}
        columns={columns}
        aria-label={t('backoffice.promotions.tabs.bonuses')}
      />
      {mayChange && <BonusModal bonus={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
