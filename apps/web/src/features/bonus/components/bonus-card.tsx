import { Badge, Group, Image, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import type { Bonus, BonusCardState } from '@wallet/contract/bonus';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../../hooks/use-money';

const badgeColor: Record<BonusCardState, string> = {
  active: 'gold',
  exhausted: 'gray',
  available: 'teal',
};

type BonusCardProps = {
  bonus: Bonus;
  state: BonusCardState;
  onOpen: (bonus: Bonus) => void;
};

/**
 * One bonus banner (the spec's states): the running one carries the current marker, one used up
 * for its period is dimmed and not clickable, any other opens its details.
 */
export function BonusCard({ bonus, state, onOpen }: BonusCardProps) {
  const { t } = useTranslation();
  const money = useMoney();
  const banner = bonus.banners[0];
  const body = (
    <Stack gap={0}>
      {banner && <Image src={banner.image} alt="" h={140} fit="cover" />}
      <Group justify="space-between" wrap="nowrap" p="sm" gap="xs">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={700} truncate>
            {bonus.code}
          </Text>
          <Text size="sm">
            {t('bonus.offer', {
              percent: bonus.percent,
              max: money(bonus.maxBonus),
              min: money(bonus.minDeposit),
            })}
          </Text>
          <Text size="xs" c="dimmed">
            {t(`bonus.type.${bonus.type}`, { count: bonus.maxReceived })}
          </Text>
        </Stack>
        {/* At most half the row: a long label wraps rather than squeezing the offer (theme.ts). */}
        <Badge
          color={badgeColor[state]}
          variant={state === 'active' ? 'filled' : 'light'}
          maw="50%"
        >
          {t(`bonus.state.${state}`)}
        </Badge>
      </Group>
    </Stack>
  );
  const frame = {
    radius: 'lg',
    withBorder: true,
    className: 'wallet-hero-card',
    style: {
      overflow: 'hidden',
      opacity: state === 'exhausted' ? 0.55 : 1,
      borderColor: state === 'active' ? 'var(--mantine-color-gold-4)' : undefined,
    },
  } as const;

  if (state !== 'available') {
    return (
      <Paper
        {...frame}
        component="li"
        aria-label={t(`bonus.cardLabel.${state}`, { code: bonus.code })}
        data-state={state}
      >
        {body}
      </Paper>
    );
  }
  return (
    <Paper {...frame} component="li" data-state={state}>
      <UnstyledButton onClick={() => onOpen(bonus)} w="100%">
        {body}
      </UnstyledButton>
    </Paper>
  );
}
