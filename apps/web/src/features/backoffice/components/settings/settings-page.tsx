import { Alert, Button, Group, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBuildingBank,
  IconCoins,
  IconDeviceGamepad2,
  IconKey,
  IconShieldLock,
  IconToggleRight,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { showSuccessAlert } from '../../../../lib/alerts';
import { useChangeSwitches } from '../../api/change-switches';
import { useLimits } from '../../api/get-limits';
import { useSwitches } from '../../api/get-switches';
import { showDeskError } from '../../fresh-code';
import { useStaffMay } from '../../use-staff-may';
import { ReasonModal, type ReasonRequest } from '../reason-modal';
import { SectionHeader } from '../section-header';
import { AddressListsPanel } from './address-lists-panel';
import { DepositsPanel } from './deposits-panel';
import { GameProvidersPanel } from './game-providers-panel';
import { LimitsForm } from './limits-form';
import { QrSecretsPanel } from './qr-secrets-panel';
import { type SwitchChange, SwitchesPanel } from './switches-panel';

/** The tabs, each opened by `?tab=` (the first by none), with its icon. */
const tabs = [
  { value: 'switches', icon: IconToggleRight },
  { value: 'limits', icon: IconCoins },
  { value: 'deposits', icon: IconBuildingBank },
  { value: 'games', icon: IconDeviceGamepad2 },
  { value: 'secrets', icon: IconKey },
  { value: 'network', icon: IconShieldLock },
] as const;
type Tab = (typeof tabs)[number]['value'];
const isTab = (value: string | null): value is Tab => tabs.some((tab) => tab.value === value);

/** The reason dialog's words for a change: closing the service is the dangerous one. */
function useSwitchRequest(change: SwitchChange | null): ReasonRequest | null {
  const { t } = useTranslation();
  if (!change) return null;
  if (change.key === 'terminated') {
    const words = change.on ? 'close' : 'reopen';
    return {
      title: t(`backoffice.settings.service.${words}Title`),
      text: t(`backoffice.settings.service.${words}Text`),
      confirmLabel: t(`backoffice.settings.service.${words}`),
      danger: change.on,
    };
  }
  const name = t(`backoffice.settings.switches.${change.key}.label`);
  const words = change.on ? 'on' : 'off';
  return {
    title: t(`backoffice.settings.turn.${words}Title`, { name }),
    text: t(`backoffice.settings.switches.${change.key}.${words}`),
    confirmLabel: t(`backoffice.settings.turn.${words}`),
  };
}

function LimitsPanel() {
  const { t } = useTranslation();
  const may = useStaffMay();
  const { data, isError } = useLimits();
  const mayChange = may('settings.limits');
  return (
    <Stack gap="md">
      {isError && !data && (
        <Text c="red.4" size="sm">
          {t('backoffice.settings.loadFailed')}
        </Text>
      )}
      <Text size="sm" c="dimmed">
        {t(mayChange ? 'backoffice.settings.limits.intro' : 'backoffice.settings.limits.readOnly')}
      </Text>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        {data?.currencies.map(({ currency, limits }) => (
          <LimitsForm key={currency} currency={currency} limits={limits} mayChange={mayChange} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/**
 * Settings (docs/backoffice.md, "Settings"): the switches members meet, the service switch set
 * apart, each currency's amount rules, the accounts members pay into, the game providers, the
 * QR providers' callback secrets and the IP allow-lists; every change with a reason, in the audit
 * log with before and after, in effect for members within a second. Admin and finance read them;
 * admin turns the switches, the game providers, the secrets and the allow-lists, admin and
 * finance change the amounts and the accounts. While the service is closed the screen says so above everything, with the way
 * to reopen it.
 */
export function SettingsPage() {
  const { t } = useTranslation();
  const may = useStaffMay();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: Tab = isTab(asked) ? asked : 'switches';
  const switches = useSwitches();
  const change = useChangeSwitches();
  const [asking, setAsking] = useState<SwitchChange | null>(null);
  const request = useSwitchRequest(asking);
  const mayChange = may('settings.switches');

  const confirm = async (reason: string) => {
    if (!asking) return;
    const { key, on } = asking;
    try {
      await change.mutateAsync({ [key]: on, reason });
      showSuccessAlert(
        key === 'terminated'
          ? t(on ? 'backoffice.settings.service.closedDone' : 'backoffice.settings.service.opened')
          : t(on ? 'backoffice.settings.turn.onDone' : 'backoffice.settings.turn.offDone', {
              name: t(`backoffice.settings.switches.${key}.label`),
            }),
      );
    } catch (error) {
      showDeskError(error);
      throw error;
    }
  };

  return (
    <Stack gap="md">
      <SectionHeader
        title={t('backoffice.sections.settings')}
        text={t('backoffice.settings.intro')}
      />
      {switches.data?.terminated && (
        <Alert
          color="red"
          variant="filled"
          icon={<IconAlertTriangle size={20} aria-hidden />}
          title={t('backoffice.settings.service.closedTitle')}
        >
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm">{t('backoffice.settings.service.closedText')}</Text>
            {mayChange && (
              <Button
                flex="none"
                color="white"
                variant="white"
                c="red.9"
                onClick={() => setAsking({ key: 'terminated', on: false })}
              >
                {t('backoffice.settings.service.reopen')}
              </Button>
            )}
          </Group>
        </Alert>
      )}
      <Tabs
        value={tab}
        onChange={(next) =>
          setParams(next && next !== 'switches' ? { tab: next } : {}, { replace: true })
        }
        keepMounted={false}
      >
        <Tabs.List mb="md">
          {tabs.map(({ value, icon: Icon }) => (
            <Tabs.Tab key={value} value={value} leftSection={<Icon size={16} aria-hidden />}>
              {t(`backoffice.settings.tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="switches">
          {switches.isError && !switches.data && (
            <Text c="red.4" size="sm">
              {t('backoffice.settings.loadFailed')}
            </Text>
          )}
          {switches.data && (
            <SwitchesPanel switches={switches.data} mayChange={mayChange} onChange={setAsking} />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="limits">
          <LimitsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="deposits">
          <DepositsPanel mayChange={may('settings.deposits')} />
        </Tabs.Panel>
        <Tabs.Panel value="games">
          <GameProvidersPanel mayChange={may('settings.providers')} />
        </Tabs.Panel>
        <Tabs.Panel value="secrets">
          <QrSecretsPanel mayChange={may('settings.secrets')} />
        </Tabs.Panel>
        <Tabs.Panel value="network">
          <AddressListsPanel mayChange={may('settings.network')} />
        </Tabs.Panel>
      </Tabs>
      <ReasonModal request={request} onClose={() => setAsking(null)} onConfirm={confirm} />
    </Stack>
  );
}
