import { zodResolver } from '@hookform/resolvers/zod';
import { Fieldset, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  type InviteSetting,
  type RefundSetting,
  RefundSettingSchema,
} from '@wallet/contract/promotion-settings';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useChangeProgrammeSetting } from '../../api/change-programme-setting';
import type { Programme } from '../../api/get-programme-setting';
import { classes } from '../classes';
import { ReasonModal } from '../reason-modal';
import { BannersField } from './banners-editor';
import { ChoiceField, SaveBar, SwitchField } from './fields';
import { LocalTextField } from './local-text-editor';
import { ProgrammeScreen } from './member-previews';
import { NumberField } from './number-field';
import { PhonePreview } from './phone-preview';
import { refusalOnField, useReasonedSave } from './promotion-form';

/**
 * Both programmes' forms hold a refund's fields, checked by RefundSettingSchema (the invite's
 * and more); the invite sends only its own.
 */
type ProgrammeInput = RefundSetting;

/** The refund's own fields, for the invite's form, which neither shows nor sends them. */
const noRefund: Pick<RefundSetting, 'period' | 'info'> = {
  period: 'day',
  info: { th: '', la: '', en: '' },
};

type ProgrammePanelProps = {
  programme: Programme;
  rules: InviteSetting | RefundSetting;
  mayChange: boolean;
};

/**
 * The invite or the refund programme: on or off, its rates, its banners (and the refund's period
 * and the info members read in the refund window), checked by the contract's schema and saved
 * with a reason. Rewards already received keep their amount; the next follow the new rules.
 */
export function ProgrammePanel({ programme, rules, mayChange }: ProgrammePanelProps) {
  const { t } = useTranslation();
  const change = useChangeProgrammeSetting(programme);
  const isRefund = programme === 'refund';
  const form = useForm<ProgrammeInput>({
    resolver: zodResolver(RefundSettingSchema),
    values: { ...noRefund, ...rules },
  });
  const draft = form.watch();
  const label = (field: string) => t(`backoffice.promotions.programme.fields.${field}`);
  const name = t(`backoffice.promotions.tabs.${programme}`);
  const save = useReasonedSave<ProgrammeInput>({
    save: ({ period, info, ...invite }, reason) =>
      change.mutateAsync({ rules: isRefund ? { ...invite, period, info } : invite, reason }),
    onRefusal: refusalOnField(form.setError, Object.keys(draft), 'rules.'),
    saved: t('backoffice.promotions.saved', { name }),
  });

  return (
    <div className={classes.previewed}>
      <form
        aria-label={t('backoffice.promotions.programme.form', { name })}
        onSubmit={form.handleSubmit(save.ask)}
        noValidate
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t(
              mayChange
                ? `backoffice.promotions.programme.${programme}Intro`
                : 'backoffice.promotions.readOnly',
            )}
          </Text>
          <Fieldset variant="unstyled" disabled={!mayChange}>
            <Stack gap="md">
              <SimpleGrid cols={3} spacing="sm">
                <SwitchField control={form.control} name="isActive" label={label('isActive')} />
                <NumberField
                  control={form.control}
                  name="successPercent"
                  label={label('successPercent')}
                  description={t(`backoffice.promotions.programme.${programme}SuccessText`)}
                  suffix=" %"
                  min={0}
                  max={100}
                  decimals={2}
                />
                <NumberField
                  control={form.control}
                  name="failPercent"
                  label={label('failPercent')}
                  description={t(`backoffice.promotions.programme.${programme}FailText`)}
                  suffix=" %"
                  min={0}
                  max={100}
                  decimals={2}
                />
                {isRefund && (
                  <ChoiceField
                    control={form.control}
                    name="period"
                    label={label('period')}
                    description={t('backoffice.promotions.programme.periodText')}
                    options={(['day', 'week'] as const).map((period) => ({
                      value: period,
                      label: t(`backoffice.promotions.programme.periods.${period}`),
                    }))}
                  />
                )}
              </SimpleGrid>
            </Stack>
          </Fieldset>
          {isRefund && (
            <LocalTextField
              control={form.control}
              name="info"
              label={label('info')}
              description={t('backoffice.promotions.programme.infoText')}
              disabled={!mayChange}
            />
          )}
          <BannersField control={form.control} name="banners" disabled={!mayChange} />
          {mayChange && <SaveBar dirty={form.formState.isDirty} onUndo={() => form.reset()} />}
        </Stack>
      </form>
      <PhonePreview hint={t(`backoffice.promotions.programme.${programme}Preview`)}>
        {(locale) => (
          <ProgrammeScreen
            programme={programme}
            banners={draft.banners}
            info={isRefund ? draft.info : undefined}
            locale={locale}
          />
        )}
      </PhonePreview>
      <ReasonModal
        request={
          save.checked && {
            title: t('backoffice.promotions.programme.saveTitle', { name }),
            text: t(`backoffice.promotions.programme.${programme}SaveText`),
            confirmLabel: t('common.save'),
          }
        }
        onClose={save.cancel}
        onConfirm={save.confirm}
      />
    </div>
  );
}
