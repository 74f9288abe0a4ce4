import {
  Badge,
  Button,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { BonusProgress } from '@wallet/contract/bonus';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal, ErrorModal } from '../../../components/ui/app-modal';
import { useMoney } from '../../../hooks/use-money';
import { showSuccessAlert } from '../../../lib/alerts';
import { errorText } from '../../../lib/errors';
import { useClearBonus } from '../api/clear-bonus';
import { turnoverProgress } from '../bonus-progress';
import { BonusNotice } from './bonus-notice';

type Amount = 'bonus' | 'deposit' | 'withdrawable' | 'locked';

/** Two amounts of the running bonus side by side, each labelled (test id `running-<amount>`). */
function AmountPair({ running, amounts }: { running: BonusProgress; amounts: [Amount, Amount] }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <SimpleGrid cols={2} spacing="sm">
      {amounts.map((amount) => (
        <Stack key={amount} gap={0}>
          <Text size="xs" c="dimmed">
            {t(`bonus.running.${amount}`)}
          </Text>
          <Text fw={700} data-testid={`running-${amount}`}>
            {money(running[amount])}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}

/** A paid bonus: the bonus, its turnover done and still needed, locked against withdrawable. */
function ActiveFigures({ running }: { running: BonusProgress }) {
  const { t } = useTranslation();
  const money = useMoney();
  const turnover = turnoverProgress(running);
  return (
    <>
      <AmountPair running={running} amounts={['bonus', 'deposit']} />
      <Stack gap={4}>
        <Group justify="space-between" gap="xs">
          <Text size="sm">{t('bonus.running.turnover')}</Text>
          <Text size="sm" fw={600} data-testid="running-turnover">
            {t('bonus.running.turnoverValue', {
              done: money(running.turnoverDone),
              target: money(running.turnoverTarget),
            })}
          </Text>
        </Group>
        <Progress
          value={turnover.percent}
          color="gold"
          size="lg"
          radius="xl"
          aria-label={t('bonus.running.turnover')}
        />
        <Text size="xs" c="dimmed" data-testid="running-still-needed">
          {t('bonus.running.stillNeeded', { amount: money(turnover.remaining) })}
        </Text>
      </Stack>
      <AmountPair running={running} amounts={['withdrawable', 'locked']} />
      <Text size="xs" c="dimmed">
        {t('bonus.running.threshold', {
          inPlay: money(running.inPlay),
          threshold: money(running.threshold),
        })}
      </Text>
    </>
  );
}

type RunningBonusPanelProps = {
  running: BonusProgress;
  /** The running bonus's percentFail for the notice, once known. */
  percentFail: number | undefined;
  /** Asks before cancelling (useBonusCancel). */
  onCancel: () => void;
  cancelling: boolean;
};

/**
 * Cancelling the running bonus: asked first (the spec's states), a clear error a danger dialog
 * (the spec's error catalogue). The page renders `dialogs` outside the panel: a clear refreshes the list
 * whatever the outcome, which may unmount the panel while its error is still to be read.
 */
export function useBonusCancel() {
  const { t } = useTranslation();
  const clear = useClearBonus();
  const [asked, setAsked] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  // mutateAsync, not mutate's callbacks: a successful clear refreshes the list first, which
  // may unmount the panel, and mutate's callbacks do not run for an unmounted component (seen
  // in the browser journey: the bonus gone, no alert).
  const onClear = async () => {
    try {
      const answer = await clear.mutateAsync();
      showSuccessAlert(t(`errors.${answer.message}`));
    } catch (error) {
      setFailure(errorText(error));
    }
  };

  const dialogs = (
    <>
      <ConfirmModal
        opened={asked !== null}
        onClose={() => setAsked(null)}
        title={t('bonus.cancelTitle')}
        confirmLabel={t('bonus.cancelYes')}
        cancelLabel={t('bonus.cancelNo')}
        confirmColor="red"
        onConfirm={() => void onClear()}
      >
        <Text size="sm">{t('bonus.cancelConfirm', { code: asked })}</Text>
      </ConfirmModal>
      <ErrorModal error={failure} onClose={() => setFailure(null)} />
    </>
  );
  return { ask: (code: string) => setAsked(code), pending: clear.isPending, dialogs };
}

/**
 * The running bonus, always in view while one runs (the issue: the member always sees the
 * turnover done and still needed, and what is withdrawable now against what is locked).
 */
export function RunningBonusPanel({
  running,
  percentFail,
  onCancel,
  cancelling,
}: RunningBonusPanelProps) {
  const { t } = useTranslation();
  const money = useMoney();

  return (
    <Paper
      p="md"
      radius="lg"
      className="wallet-hero-card"
      component="section"
      aria-labelledby="running-bonus-title"
      data-testid="running-bonus-panel"
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h4" id="running-bonus-title">
            {t('bonus.running.title')}
          </Title>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" c="gold.4" fw={700} truncate>
              {running.code}
            </Text>
            {/* Most of the row, the code keeping a quarter; a longer label wraps (theme.ts). */}
            <Badge color={running.state === 'active' ? 'gold' : 'blue'} variant="light" maw="75%">
              {t(`bonus.running.${running.state}`)}
            </Badge>
          </Group>
        </Stack>
        {running.state === 'waiting' ? (
          <Text size="sm" data-testid="running-deposit-hint">
            {t('bonus.running.depositHint', {
              minDeposit: money(running.minDeposit),
              percent: running.percent,
              maxBonus: money(running.maxBonus),
            })}
          </Text>
        ) : (
          <ActiveFigures running={running} />
        )}
        {percentFail !== undefined && <BonusNotice percentFail={percentFail} />}
        <Button variant="light" color="red" onClick={onCancel} loading={cancelling}>
          {t('bonus.cancel')}
        </Button>
      </Stack>
    </Paper>
  );
}
