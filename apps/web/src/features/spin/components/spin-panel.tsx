import { Group, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSpinSetup } from '../api/get-spin-setup';
import { useWheelSpin } from '../use-wheel-spin';
import { CouponTable } from './coupon-table';
import { PrizeModal } from './prize-modal';
import { SpinWheel } from './spin-wheel';

/** The wheel, its prize modal and the coupon table: the spin page and the spin modal alike. */
export function SpinPanel() {
  const { t } = useTranslation();
  const { data: setup, isPending } = useSpinSetup();
  const wheel = setup?.result.activeSpinwheel ?? null;
  const { canvasRef, spinning, prize, coins, start, closePrize } = useWheelSpin(
    wheel,
    setup?.userCoin ?? 0,
  );

  return (
    <Stack gap="lg">
      {isPending && (
        <Group justify="center" py="xl">
          <Loader aria-label={t('common.loading')} />
        </Group>
      )}
      {setup && !wheel && (
        <Text c="dimmed" ta="center" py="xl">
          {t('spin.notRunning')}
        </Text>
      )}
      {wheel && (
        <Stack gap="xs" align="center" pt="sm">
          <SpinWheel
            canvasRef={canvasRef}
            name={wheel.name}
            slices={wheel.slice}
            coins={coins}
            spinning={spinning}
            onSpin={() => void start()}
          />
          {coins === 0 && !spinning && (
            <Text size="sm" c="dimmed" ta="center">
              {t('spin.noCoins')}
            </Text>
          )}
        </Stack>
      )}
      <CouponTable />
      <PrizeModal prize={prize} onClose={() => void closePrize()} />
    </Stack>
  );
}
