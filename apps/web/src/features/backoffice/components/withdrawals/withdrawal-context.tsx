import { Badge, Group, Stack, Text } from '@mantine/core';
import type { WithdrawalReview } from '@wallet/contract/desk';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../lib/format';
import { useStaffMoney } from '../../money';

/**
 * What decides a withdrawal, inline (docs/backoffice.md): how old the account is, today's money,
 * the bonus taken with its turnover made and to make, and the member's flags (the member's page
 * says more about each).
 */
export function WithdrawalContext({ row }: { row: WithdrawalReview }) {
  const { t } = useTranslation();
  const money = useStaffMoney();
  const { bonus, flags } = row;
  return (
    <Stack gap={2}>
      <Text size="xs">
        {t('backoffice.withdrawals.memberSince', {
          date: formatDateTime(row.memberSince).slice(0, 10),
        })}
      </Text>
      <Text size="xs" c="dimmed">
        {t('backoffice.withdrawals.today', {
          deposits: money(row.depositsToday, row.currency),
          withdrawals: money(row.withdrawalsToday, row.currency),
        })}
      </Text>
      {bonus && (
        <Text size="xs" c="dimmed">
          {t('backoffice.withdrawals.bonus', {
            code: bonus.code,
            done: money(bonus.turnoverDone, row.currency),
            target: money(bonus.turnoverTarget, row.currency),
          })}
        </Text>
      )}
      {(row.bonusRunning || flags.length > 0) && (
        <Group gap={4}>
          {row.bonusRunning && (
            <Badge size="xs" color="orange" variant="light">
              {t('backoffice.withdrawals.bonusRunning')}
            </Badge>
          )}
          {flags.map((flag) => (
            <Badge key={flag.kind} size="xs" color="red" variant="light">
              {t(`backoffice.withdrawals.flags.${flag.kind}`)}
            </Badge>
          ))}
        </Group>
      )}
    </Stack>
  );
}
