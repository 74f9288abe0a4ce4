import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Badge,
  Button,
  Fieldset,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconEdit, IconPlus, IconSend, IconTrash } from '@tabler/icons-react';
import type { WheelSetting } from '@wallet/contract/promotion-settings';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldErrorText } from '../../../../lib/errors';
import { usePublishWheel } from '../../api/publish-wheel';
import { useStaffMoney } from '../../money';
import { classes } from '../classes';
import { MoneyField } from '../desk-form-modal';
import { ReasonModal } from '../reason-modal';
import { ChoiceField, SaveBar, SwitchField, useCurrencyOptions } from './fields';
import { WheelScreen } from './member-previews';
import { NumberField } from './number-field';
import { PhonePreview } from './phone-preview';
import { refusalOnField, useReasonedSave } from './promotion-form';
import { SliceEditor } from './slice-editor';
import {
  firstWheel,
  newSlice,
  probabilityTotal,
  SLICES,
  WHOLE_WHEEL,
  WheelFormSchema,
  type WheelInput,
} from './wheel-form';

type WheelPanelProps = {
  /** The wheel members spin now (or the latest), null before any was published. */
  wheel: WheelSetting | null;
  mayChange: boolean;
};

/**
 * The prize wheel: its name, currency, coins and coupons, and its slices with each one's chance
 * in percent, their sum said as staff type and required to be exactly 100.00 % before the wheel
 * can be published. Publishing (with a reason) makes a new version of the wheel that members
 * spin from their next spin; coupons already won keep their prize.
 */
export function WheelPanel({ wheel, mayChange }: WheelPanelProps) {
  const { t } = useTranslation();
  const money = useStaffMoney();
  const currencyOptions = useCurrencyOptions();
  const publish = usePublishWheel();
  const form = useForm<WheelInput, unknown, WheelSetting>({
    resolver: zodResolver(WheelFormSchema),
    values: wheel ?? firstWheel(),
  });
  const slices = useFieldArray({ control: form.control, name: 'slices' });
  const draft = form.watch();
  const [selected, setSelected] = useState(0);
  const [prizeShown, setPrizeShown] = useState(false);
  const total = probabilityTotal(draft.slices);
  const whole = total === WHOLE_WHEEL;
  const { errors } = form.formState;
  const slicesError = errors.slices?.root?.message ?? errors.slices?.message;
  const label = (field: string) => t(`backoffice.promotions.wheel.fields.${field}`);
  const save = useReasonedSave<WheelSetting>({
    save: (checked, reason) => publish.mutateAsync({ wheel: checked, reason }),
    onRefusal: refusalOnField(form.setError, Object.keys(firstWheel()), 'wheel.'),
    saved: t('backoffice.promotions.wheel.published'),
  });
  const shown = Math.min(selected, slices.fields.length - 1);
  const select = (index: number) => {
    setSelected(index);
    setPrizeShown(false);
  };

  return (
    <div className={classes.previewed}>
      <form
        aria-label={t('backoffice.promotions.wheel.form')}
        onSubmit={form.handleSubmit(save.ask)}
        noValidate
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t(mayChange ? 'backoffice.promotions.wheel.intro' : 'backoffice.promotions.readOnly')}
          </Text>
          <Fieldset variant="unstyled" disabled={!mayChange}>
            <Stack gap="md">
              <SimpleGrid cols={3} spacing="sm">
                <TextInput
                  label={label('name')}
                  error={fieldErrorText(errors.name?.message)}
                  {...form.register('name')}
                />
                <ChoiceField
                  control={form.control}
                  name="currency"
                  label={label('currency')}
                  description={t('backoffice.promotions.wheel.currencyText')}
                  options={currencyOptions}
                />
                <SwitchField control={form.control} name="active" label={label('active')} />
                <MoneyField
                  control={form.control}
                  name="depositPerCoin"
                  label={label('depositPerCoin')}
                  description={t('backoffice.promotions.wheel.depositPerCoinText')}
                  invalid={t('backoffice.settings.limits.aboveZero')}
                />
                <NumberField
                  control={form.control}
                  name="couponDays"
                  label={label('couponDays')}
                  description={t('backoffice.promotions.wheel.couponDaysText')}
                  min={1}
                  max={365}
                />
              </SimpleGrid>
              <Table withTableBorder verticalSpacing={6} aria-label={label('slices')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{label('code')}</Table.Th>
                    <Table.Th>{label('label')}</Table.Th>
                    <Table.Th>{label('prize')}</Table.Th>
                    <Table.Th w={150}>{label('probability')}</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {slices.fields.map((slice, index) => {
                    const row = draft.slices[index] ?? slice;
                    return (
                      <Table.Tr key={slice.id} bg={index === shown ? 'dark.6' : undefined}>
                        <Table.Td>{row.code}</Table.Td>
                        <Table.Td>
                          <Badge
                            radius="sm"
                            tt="none"
                            style={{ background: row.bgColor, color: row.textColor }}
                          >
                            {row.label}
                          </Badge>
                        </Table.Td>
                        <Table.Td>
                          {row.prizeKind === 'none'
                            ? t('backoffice.promotions.wheel.prizeKinds.none')
                            : t(`backoffice.promotions.wheel.prizeOf.${row.prizeKind}`, {
                                amount: money(Number(row.prizeAmount) || 0, draft.currency),
                              })}
                        </Table.Td>
                        <Table.Td>
                          <NumberField
                            control={form.control}
                            name={`slices.${index}.probability`}
                            label={t('backoffice.promotions.wheel.probabilityOf', {
                              code: row.code,
                            })}
                            hideLabel
                            suffix=" %"
                            min={0}
                            max={100}
                            decimals={2}
                          />
                        </Table.Td>
                        <Table.Td>
                          <Group gap={4} justify="flex-end" wrap="nowrap">
                            <ActionIcon
                              variant={index === shown ? 'filled' : 'subtle'}
                              aria-label={t('backoffice.promotions.wheel.editSlice', {
                                code: row.code,
                              })}
                              aria-pressed={index === shown}
                              onClick={() => select(index)}
                            >
                              <IconEdit size={16} aria-hidden />
                            </ActionIcon>
                            {mayChange && (
                              <ActionIcon
                                variant="subtle"
                                color="red"
                                aria-label={t('backoffice.promotions.wheel.removeSlice', {
                                  code: row.code,
                                })}
                                disabled={slices.fields.length <= SLICES.min}
                                onClick={() => {
                                  slices.remove(index);
                                  select(Math.max(0, index - 1));
                                }}
                              >
                                <IconTrash size={16} aria-hidden />
                              </ActionIcon>
                            )}
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
                <Table.Tfoot>
                  <Table.Tr>
                    <Table.Th colSpan={3}>
                      {mayChange && slices.fields.length < SLICES.max && (
                        <Button
                          variant="default"
                          size="compact-sm"
                          leftSection={<IconPlus size={16} aria-hidden />}
                          onClick={() => {
                            slices.append(newSlice(draft.slices.map((one) => one.code)));
                            select(slices.fields.length);
                          }}
                        >
                          {t('backoffice.promotions.wheel.addSlice')}
                        </Button>
                      )}
                    </Table.Th>
                    <Table.Th colSpan={2}>
                      <Text
                        size="sm"
                        fw={700}
                        c={whole ? 'teal.4' : 'red.4'}
                        role="status"
                        data-testid="wheel-total"
                      >
                        {t('backoffice.promotions.wheel.total', {
                          total: (total / 100).toFixed(2),
                        })}
                      </Text>
                    </Table.Th>
                  </Table.Tr>
                </Table.Tfoot>
              </Table>
              {!whole && (
                <Text size="sm" c="red.4">
                  {t('backoffice.promotions.wheel.notWhole')}
                </Text>
              )}
              {slicesError && (
                <Text size="sm" c="red.4">
                  {slicesError === 'KEY_INVALID'
                    ? t('backoffice.promotions.wheel.codesUnique')
                    : fieldErrorText(slicesError)}
                </Text>
              )}
              {shown >= 0 && (
                <SliceEditor
                  key={slices.fields[shown]?.id}
                  form={form}
                  index={shown}
                  disabled={!mayChange}
                  onShowPrize={() => setPrizeShown(true)}
                />
              )}
            </Stack>
          </Fieldset>
          {mayChange && (
            <SaveBar
              dirty={form.formState.isDirty}
              ready={whole}
              onUndo={() => form.reset()}
              submit={t('backoffice.promotions.wheel.publish')}
              icon={<IconSend size={16} aria-hidden />}
            />
          )}
        </Stack>
      </form>
      <PhonePreview
        currency={draft.currency}
        hint={t(
          draft.active
            ? 'backoffice.promotions.wheel.previewHint'
            : 'backoffice.promotions.wheel.previewOff',
        )}
      >
        {(locale) => (
          <WheelScreen
            draft={draft}
            locale={locale}
            prize={prizeShown ? shown : null}
            onPrizeClose={() => setPrizeShown(false)}
          />
        )}
      </PhonePreview>
      <ReasonModal
        request={
          save.checked && {
            title: t('backoffice.promotions.wheel.publishTitle'),
            text: t('backoffice.promotions.wheel.publishText'),
            confirmLabel: t('backoffice.promotions.wheel.publish'),
          }
        }
        onClose={save.cancel}
        onConfirm={save.confirm}
      />
    </div>
  );
}
