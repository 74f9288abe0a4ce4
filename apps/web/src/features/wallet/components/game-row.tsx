import { Avatar, Badge, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { GameProviderCode } from '@wallet/contract/constants';
import type { Slot } from '@wallet/contract/games';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../../hooks/use-money';
import classes from './game-row.module.css';

type GameRowProps = {
  title: string;
  slots: Slot[];
  /** Stable across renders (a state setter), so a row redraws only when its slots change. */
  onSelect: (code: GameProviderCode) => void;
};

/**
 * One home carousel of game accounts (slot, sport or lotto): logo, name, amount, active state
 * (or, issue 33, the provider's maintenance, which the operator sets), 2.2 to a view (the spec's constants and limits), scrolled sideways by the browser (game-row.module.css).
 * Memoised: the home redraws as the wheel's state and the refreshed balances arrive, and the
 * rows' cards are most of its elements; the query's structural sharing keeps a row's `slots`
 * the same array while its balances stay the same (docs/performance.md).
 */
export const GameRow = memo(function GameRow({ title, slots, onSelect }: GameRowProps) {
  const { t } = useTranslation();
  const money = useMoney();
  if (slots.length === 0) return null;
  return (
    <section aria-label={title}>
      <Title order={2} size="h5" mb="xs">
        {title}
      </Title>
      <ul className={classes.row}>
        {slots.map((slot) => (
          <li key={slot.code} className={classes.slide}>
            <UnstyledButton onClick={() => onSelect(slot.code)} w="100%">
              <Paper
                p="sm"
                radius="md"
                withBorder
                className={slot.isActive ? 'wallet-hero-card' : undefined}
                style={{ opacity: slot.isActive ? 1 : 0.75 }}
              >
                <Stack gap={6} align="center">
                  <Avatar
                    src={slot.logo || null}
                    name={slot.name}
                    alt=""
                    size={48}
                    radius="md"
                    color="gold"
                  />
                  <Text size="sm" fw={600} ta="center" lineClamp={1}>
                    {slot.name}
                  </Text>
                  <Text size="xs" c={slot.isActive ? 'gold.4' : 'dimmed'}>
                    {money(slot.amount)}
                  </Text>
                  {slot.maintenance ? (
                    <Badge size="xs" variant="light" color="orange">
                      {t('game.maintenance')}
                    </Badge>
                  ) : (
                    <Badge
                      size="xs"
                      variant={slot.isActive ? 'filled' : 'outline'}
                      color={slot.isActive ? 'teal' : 'gray'}
                    >
                      {slot.isActive ? t('wallet.active') : t('wallet.inactive')}
                    </Badge>
                  )}
                </Stack>
              </Paper>
            </UnstyledButton>
          </li>
        ))}
      </ul>
    </section>
  );
});
