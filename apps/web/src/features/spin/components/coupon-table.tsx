import { Button, Group, Loader, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { paging } from '@wallet/contract/constants';
import type { Coupon } from '@wallet/contract/spin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../../components/ui/pager';
import { useMoney } from '../../../hooks/use-money';
import { formatDateTime } from '../../../lib/format';
import { pageCount } from '../../../lib/page-range';
import { useCoupons } from '../api/get-coupons';
import { ClaimModal } from './claim-modal';

/** The member's coupons, 3 a page (the spec's constants and limits), each with its claim button. */
export function CouponTable() {
  const { t } = useTranslation();
  const money = useMoney();
  const { data, isPending, isError } = useCoupons();
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<Coupon | null>(null);
  const coupons = data?.coupons ?? [];
  const totalPages = pageCount(coupons.length, paging.coupon);
  // A claim can empty the last page: show the one before it then.
  const current = Math.min(page, Math.max(totalPages, 1));
  const rows = coupons.slice((current - 1) * paging.coupon, current * paging.coupon);

  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('spin.couponsTitle')}
      </Title>
      {isPending && !isError && (
        <Group justify="center" py="md">
          <Loader aria-label={t('common.loading')} />
        </Group>
      )}
      {data && rows.length === 0 && (
        <Text c="dimmed" ta="center" py="md">
          {t('spin.couponsEmpty')}
        </Text>
      )}
      {rows.length > 0 && (
        <Table verticalSpacing="xs" horizontalSpacing="xs" data-testid="coupon-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('spin.prize')}</Table.Th>
              <Table.Th ta="right">{t('spin.amount')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('spin.claim')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((coupon) => (
              <Table.Tr key={coupon._id}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {coupon.prize.name}
                  </Text>
                  {coupon.expiresAt && (
                    <Text size="xs" c="dimmed">
                      {t('spin.expires', { time: formatDateTime(coupon.expiresAt) })}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm" fw={700} c="gold.4" style={{ whiteSpace: 'nowrap' }}>
                    {money(coupon.amount)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Button
                    size="xs"
                    aria-label={t('spin.claimNamed', { prize: coupon.prize.name })}
                    onClick={() => setChosen(coupon)}
                  >
                    {t('spin.claim')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Pager
        page={current}
        totalPages={totalPages}
        onChange={setPage}
        label={t('spin.couponPages')}
      />
      <ClaimModal coupon={chosen} onClose={() => setChosen(null)} />
    </Stack>
  );
}
