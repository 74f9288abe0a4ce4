import { Alert, Badge, Button, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { IconDoorEnter, IconDoorExit, IconLock } from '@tabler/icons-react';
import type { Switches } from '@wallet/contract/operator';
import { useTranslation } from 'react-i18next';

/** The features an admin turns on and off; the service switch (`terminated`) stands apart. */
export const featureSwitches = ['registerOTP', 'enableChatWidget', 'manualDeposit'] as const;
export type SwitchKey = keyof Switches;

/** One switch to change, and to which state: what the reason dialog confirms. */
export type SwitchChange = { key: SwitchKey; on: boolean };

type SwitchesPanelProps = {
  switches: Switches;
  /** The role may change them (`settings.switches`, admin); otherwise they read only. */
  mayChange: boolean;
  onChange: (change: SwitchChange) => void;
};

/**
 * The features members meet, each with what it does; flipping one asks why first (the page's
 * reason dialog), so the switch shows the server's state until the change is saved.
 */
export function SwitchesPanel({ switches, mayChange, onChange }: SwitchesPanelProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      {!mayChange && (
        <Alert variant="light" color="gray" icon={<IconLock size={18} aria-hidden />}>
          {t('backoffice.settings.switchesReadOnly')}
        </Alert>
      )}
      <Paper withBorder radius="md" p="md">
        <Stack gap="lg">
          {featureSwitches.map((key) => (
            <Switch
              key={key}
              size="md"
              checked={switches[key]}
              disabled={!mayChange}
              label={t(`backoffice.settings.switches.${key}.label`)}
              // The label element wraps the description too: the name is the label alone.
              aria-label={t(`backoffice.settings.switches.${key}.label`)}
              description={t(`backoffice.settings.switches.${key}.text`)}
              onChange={(event) => onChange({ key, on: event.currentTarget.checked })}
            />
          ))}
        </Stack>
      </Paper>
      <ServiceCard
        closed={switches.terminated}
        mayChange={mayChange}
        onChange={(closed) => onChange({ key: 'terminated', on: closed })}
      />
    </Stack>
  );
}

type ServiceProps = {
  closed: boolean;
  mayChange: boolean;
  /** Asks to close (true) or reopen (false) the service. */
  onChange: (closed: boolean) => void;
};

/** The service switch, set apart in red: closing it turns every member away at once. */
function ServiceCard({ closed, mayChange, onChange }: ServiceProps) {
  const { t } = useTranslation();
  const title = t('backoffice.settings.service.title');
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-label={title}
      style={{ borderColor: 'var(--mantine-color-red-8)' }}
    >
      <Group justify="space-between" align="center" wrap="nowrap">
        <Stack gap={4}>
          <Group gap="xs">
            <Title order={2} size="h5">
              {title}
            </Title>
            <Badge color={closed ? 'red' : 'teal'} variant="light">
              {t(
                closed ? 'backoffice.settings.service.closed' : 'backoffice.settings.service.open',
              )}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {t('backoffice.settings.service.text')}
          </Text>
        </Stack>
        {mayChange && (
          <Button
            flex="none"
            color={closed ? 'teal' : 'red'}
            leftSection={
              closed ? (
                <IconDoorEnter size={16} aria-hidden />
              ) : (
                <IconDoorExit size={16} aria-hidden />
              )
            }
            onClick={() => onChange(!closed)}
          >
            {t(closed ? 'backoffice.settings.service.reopen' : 'backoffice.settings.service.close')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
