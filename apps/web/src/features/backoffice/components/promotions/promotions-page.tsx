import { Center, Loader, Stack, Tabs, Text } from '@mantine/core';
import { IconGift, IconReceiptRefund, IconUserPlus, IconWheel } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type Programme, useProgrammeSetting } from '../../api/get-programme-setting';
import { useWheelSetting } from '../../api/get-wheel-setting';
import { useStaffMay } from '../../use-staff-may';
import { SectionHeader } from '../section-header';
import { BonusesPanel } from './bonuses-panel';
import { ProgrammePanel } from './programme-panel';
import { WheelPanel } from './wheel-panel';

const tabs = {
  bonuses: IconGift,
  wheel: IconWheel,
  invite: IconUserPlus,
  refund: IconReceiptRefund,
} as const;
type Tab = keyof typeof tabs;

/** A screen's words while its part of the settings loads, or failed to. */
function Loading({ failed }: { failed: boolean }) {
  const { t } = useTranslation();
  return failed ? (
    <Text c="red.4" size="sm">
      {t('backoffice.promotions.loadFailed')}
    </Text>
  ) : (
    <Center py="xl">
      <Loader aria-label={t('common.loading')} />
    </Center>
  );
}

function WheelTab({ mayChange }: { mayChange: boolean }) {
  const { data, isError } = useWheelSetting();
  if (data === undefined) return <Loading failed={isError} />;
  return <WheelPanel wheel={data} mayChange={mayChange} />;
}

function ProgrammeTab({ programme, mayChange }: { programme: Programme; mayChange: boolean }) {
  const { data, isError } = useProgrammeSetting(programme);
  if (data === undefined) return <Loading failed={isError} />;
  return (
    <ProgrammePanel key={programme} programme={programme} rules={data} mayChange={mayChange} />
  );
}

/**
 * Promotions (docs/backoffice.md, "Promotions"): the bonuses and promotion codes, the prize wheel,
 * the invite and the refund programmes, each edited beside a phone that shows the draft as a
 * member will see it, in each language. Admin and finance read and change them; every change
 * asks why, is kept in the audit log, and applies to what members take afterwards. `?tab=`
 * names the open tab.
 */
export function PromotionsPage() {
  const { t } = useTranslation();
  const may = useStaffMay();
  const [params, setParams] = useSearchParams();
  const tab: Tab =
    (Object.keys(tabs) as Tab[]).find((one) => one === params.get('tab')) ?? 'bonuses';
  const mayChange = may('promotions.change');

  return (
    <Stack gap="md">
      <SectionHeader
        title={t('backoffice.sections.promotions')}
        text={t('backoffice.promotions.intro')}
      />
      <Tabs
        value={tab}
        onChange={(next) =>
          setParams(next && next !== 'bonuses' ? { tab: next } : {}, { replace: true })
        }
        keepMounted={false}
      >
        <Tabs.List mb="md">
          {(Object.keys(tabs) as Tab[]).map((key) => {
            const Icon = tabs[key];
            return (
              <Tabs.Tab key={key} value={key} leftSection={<Icon size={16} aria-hidden />}>
                {t(`backoffice.promotions.tabs.${key}`)}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        <Tabs.Panel value="bonuses">
          <BonusesPanel mayChange={mayChange} />
        </Tabs.Panel>
        <Tabs.Panel value="wheel">
          <WheelTab mayChange={mayChange} />
        </Tabs.Panel>
        <Tabs.Panel value="invite">
          <ProgrammeTab programme="invite" mayChange={mayChange} />
        </Tabs.Panel>
        <Tabs.Panel value="refund">
          <ProgrammeTab programme="refund" mayChange={mayChange} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
