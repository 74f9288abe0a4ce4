import { Group, Loader, Stack, Text, Title } from '@mantine/core';
import { type Bonus, bonusCardState } from '@wallet/contract/bonus';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyOverlay } from '../../../components/ui/lazy-overlay';
import { useBonuses } from '../api/get-bonuses';
import { BonusCard } from './bonus-card';
import { PromotionSearch } from './promotion-search';
import { RunningBonusPanel, useBonusCancel } from './running-bonus-panel';

const BonusDetailsModal = lazyOverlay(
  async () => (await import('./bonus-details-modal')).BonusDetailsModal,
  (props) => props.bonus !== null,
);

/**
 * /user/bonus (the spec's screens and states): the promotion-code search, the running bonus's panel,
 * and the bonus banners. A failed list load is ignored like the other lists (the spec's calls).
 */
export function BonusPage() {
  const { t } = useTranslation();
  const cancel = useBonusCancel();
  const { data, isPending, isError } = useBonuses();
  const [selected, setSelected] = useState<Bonus | null>(null);
  const bonuses = data?.bonuses ?? [];
  const running = data?.running;
  const now = new Date();

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t('bonus.title')}
      </Title>
      <PromotionSearch />
      {running && (
        <RunningBonusPanel
          running={running}
          percentFail={running.percentFail}
          onCancel={() => cancel.ask(running.code)}
          cancelling={cancel.pending}
        />
      )}
      {cancel.dialogs}
      <Title order={2} size="h4">
        {t('bonus.listTitle')}
      </Title>
      {isPending && !isError && (
        <Group justify="center" py="xl">
          <Loader aria-label={t('common.loading')} />
        </Group>
      )}
      {data && bonuses.length === 0 && (
        <Text c="dimmed" ta="center" py="lg">
          {t('bonus.empty')}
        </Text>
      )}
      {bonuses.length > 0 && (
        <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }}>
          {bonuses.map((bonus) => (
            <BonusCard
              key={bonus.code}
              bonus={bonus}
              state={bonusCardState(bonus, now)}
              onOpen={setSelected}
            />
          ))}
        </Stack>
      )}
      <BonusDetailsModal bonus={selected} onClose={() => setSelected(null)} />
    </Stack>
  );
}
