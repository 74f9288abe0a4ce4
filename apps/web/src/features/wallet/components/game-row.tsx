import { Avatar, Badge, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { Slot } from '@wallet/contract/games';
import { useTranslation } from 'react-i18next';
import classes from './game-row.module.css';
import { useBaht } from './money';

type GameRowProps = {
  title: string;
  slots: Slot[];
  onSelect: (slot: Slot) => void;
};

/**
 * One home carousel of game accounts (slot, sport or lotto): logo, name, amount, active state,
 * 2.2 to a view (SPEC.md section 9), scrolled sideways by the browser (game-row.module.css).
 */
export function GameRow({ title, slots, onSelect }: GameRowProps) {
  const { t } = useTranslation();
  const baht = useBaht();
  if (slots.length === 0) return null;
  return (
    <section aria-label={title}>
      <Title order={2} size="h5" mb="xs">
        {title}
      </Title>
      <ul className={classes.row}>
        {slots.map((slot) => (
          <li key={slot.code} className={classes.slide}>
            <UnstyledButton
              onClick={() => onSelect(slot)}
              aria-label={t('wallet.openGame', { name: slot.name })}
              w="100%"
            >
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
                    {baht(slot.amount)}
                  </Text>
                  <Badge
                    size="xs"
                    variant={slot.isActive ? 'filled' : 'outline'}
                    color={slot.isActive ? 'teal' : 'gray'}
                  >
                    {slot.isActive ? t('wallet.active') : t('wallet.inactive')}
                  </Badge>
                </Stack>
              </Paper>
            </UnstyledButton>
          </li>
        ))}
      </ul>
    </section>
  );
}
