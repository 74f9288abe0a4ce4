import { Text } from '@mantine/core';
import { paging } from '@wallet/contract/constants';
import type { RefundRow } from '@wallet/contract/refund';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type PagedColumn, PagedTable } from '../../../components/ui/paged-table';
import { Pager } from '../../../components/ui/pager';
import { useMoney } from '../../../hooks/use-money';
import { formatDateTime } from '../../../lib/format';
import { pageCount } from '../../../lib/page-range';
import { useRefunds } from '../api/get-refunds';

/** The refund log, 10 a page (the spec's screens and constants and limits); a failed page is ignored (7). */
export function RefundLog({ opened }: { opened: boolean }) {
  const { t } = useTranslation();
  const money = useMoney();
  const [page, setPage] = useState(1);
  const { data, isPending, isError } = useRefunds(page, opened);
  const columns: PagedColumn<RefundRow>[] = [
    { key: 'date', header: t('refund.date'), cell: (row) => formatDateTime(row.createdAt) },
    {
      key: 'amount',
      header: t('refund.amount'),
      align: 'right',
      cell: (row) => (
        <Text size="sm" fw={600} c="gold.4" style={{ whiteSpace: 'nowrap' }}>
          {money(row.refundAmount)}
        </Text>
      ),
    },
  ];
  return (
    <PagedTable
      title={t('refund.log')}
      columns={columns}
      rows={data?.refunds}
      rowKey={(row, index) => `${page}:${index}:${row.createdAt}`}
      pending={isPending && !isError && opened}
      empty={t('refund.logEmpty')}
    >
      <Pager
        page={page}
        totalPages={pageCount(data?.total ?? 0, paging.refund)}
        onChange={setPage}
        label={t('refund.pages')}
      />
    </PagedTable>
  );
}
