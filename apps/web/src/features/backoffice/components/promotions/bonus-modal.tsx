import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { bonusTypes } from '@wallet/contract/bonus';
import { AmountInputSchema } from '@wallet/contract/money';
import { BonusCreateSchema, type BonusSetting } from '@wallet/contract/promotion-settings';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { fieldErrorText } from '../../../../lib/errors';
import { uppercaseOnInput } from '../../../../lib/uppercase-on-input';
import { useChangeBonus } from '../../api/change-bonus';
import { useCreateBonus } from '../../api/create-bonus';
import { classes } from '../classes';
import { DeskFormModal, MoneyField, useDeskForm } from '../desk-form-modal';
import { ReasonField } from '../reason-modal';
import { BannersField } from './banners-editor';
import { ChoiceField, SwitchField, useCurrencyOptions } from './fields';
import { LocalTextField } from './local-text-editor';
import { BonusScreen } from './member-previews';
import { NumberField } from './number-field';
import { PhonePreview } from './phone-preview';
import { refusalOnField } from './promotion-form';

/**
 * The bonus and why, as `POST …/bonuses` takes it (a change sends the same but its code and
 * currency): the contract's own schema, after the money boxes, which hold '' while empty.
 */
const BonusFormSchema = BonusCreateSchema.extend({
  maxBonus: AmountInputSchema,
  minDeposit: AmountInputSchema,
}).pipe(BonusCreateSchema);
type BonusInput = z.input<typeof BonusFormSchema>;

/** A new bonus starts off: members meet it once staff have previewed it and turned it on. */
const newBonus: BonusInput = {
  code: '',
  currency: 'BAHT',
  kind: 'listed',
  type: 'limit',
  maxReceived: 1,
  percent: 10,
  maxBonus: '',
  minDeposit: '',
  turnoverMultiplier: 1,
  percentFail: 10,
  description: { th: '', la: '', en: '' },
  banners: [],
  active: false,
  sortOrder: 0,
  reason: '',
};

const fields = Object.keys(newBonus);

type BonusModalProps = {
  /** The bonus to change, 'new' to add one, null while closed. */
  bonus: BonusSetting | 'new' | null;
  onClose: () => void;
};

/**
 * A bonus or promotion code added or changed (`promotions.change`), beside the phone that shows
 * it as members will: checked by the contract's schema as the server checks it, saved with a
 * reason; the server's refusal of a field (a code already taken) shows under that field. A
 * change applies to later takes: a bonus already taken keeps the rules it was taken under.
 */
export function BonusModal({ bonus, onClose }: BonusModalProps) {
  const { t } = useTranslation();
  const create = useCreateBonus();
  const change = useChangeBonus();
  const creating = bonus === 'new';
  const values = useMemo<BonusInput>(
    () => (bonus && bonus !== 'new' ? { ...bonus, reason: '' } : newBonus),
    [bonus],
  );
  const form = useDeskForm(BonusFormSchema, { values, onClose });
  const draft = form.watch();
  const { errors } = form.formState;
  const code = form.register('code');
  const label = (field: string) => t(`backoffice.promotions.bonus.fields.${field}`);
  const currencyOptions = useCurrencyOptions();

  const onSubmit = form.submit(
    async ({ code, currency, reason, ...rules }) => {
      if (creating) await create.mutateAsync({ code, currency, reason, ...rules });
      else await change.mutateAsync({ code, reason, ...rules });
      return t(creating ? 'backoffice.promotions.bonus.added' : 'backoffice.promotions.saved', {
        name: code,
      });
    },
    refusalOnField(form.setError, fields),
  );

  return (
    <DeskFormModal
      opened={bonus !== null}
      title={
        creating
          ? t('backoffice.promotions.bonus.addTitle')
          : t('backoffice.promotions.bonus.editTitle', { code: values.code })
      }
      text={t('backoffice.promotions.appliesLater')}
      onClose={form.close}
      onSubmit={onSubmit}
      pending={form.pending}
      size={1240}
    >
      <div className={classes.previewed}>
        <Stack gap="md">
          <SimpleGrid cols={3} spacing="sm">
            <TextInput
              label={label('code')}
              description={t('backoffice.promotions.bonus.codeText')}
              disabled={!creating}
              autoComplete="off"
              spellCheck={false}
              error={fieldErrorText(errors.code?.message)}
              {...code}
              onChange={(event) => code.onChange(uppercaseOnInput(event))}
              data-autofocus={creating || undefined}
            />
            <ChoiceField
              control={form.control}
              name="currency"
              label={label('currency')}
              disabled={!creating}
              options={currencyOptions}
            />
            <ChoiceField
              control={form.control}
              name="kind"
              label={label('kind')}
              description={t(`backoffice.promotions.bonus.kinds.${draft.kind}Text`)}
              options={(['listed', 'promotion'] as const).map((kind) => ({
                value: kind,
                label: t(`backoffice.promotions.bonus.kinds.${kind}`),
              }))}
            />
            <ChoiceField
              control={form.control}
              name="type"
              label={label('type')}
              options={bonusTypes.map((type) => ({
                value: type,
                label: t(`backoffice.promotions.bonus.types.${type}`),
              }))}
            />
            <NumberField
              control={form.control}
              name="maxReceived"
              label={label('maxReceived')}
              min={1}
              max={1000}
            />
            <NumberField
              control={form.control}
              name="sortOrder"
              label={label('sortOrder')}
              description={t('backoffice.promotions.bonus.sortOrderText')}
              min={0}
              max={10_000}
            />
            <NumberField
              control={form.control}
              name="percent"
              label={label('percent')}
              suffix=" %"
              min={1}
              max={1000}
            />
            <MoneyField
              control={form.control}
              name="maxBonus"
              label={label('maxBonus')}
              invalid={t('backoffice.settings.limits.aboveZero')}
            />
            <MoneyField
              control={form.control}
              name="minDeposit"
              label={label('minDeposit')}
              invalid={t('backoffice.settings.limits.aboveZero')}
            />
            <NumberField
              control={form.control}
              name="turnoverMultiplier"
              label={label('turnoverMultiplier')}
              description={t('backoffice.promotions.bonus.turnoverText')}
              suffix=" ×"
              min={0}
              max={100}
            />
            <NumberField
              control={form.control}
              name="percentFail"
              label={label('percentFail')}
              description={t('backoffice.promotions.bonus.percentFailText')}
              suffix=" %"
              min={0}
              max={100}
            />
            <SwitchField control={form.control} name="active" label={label('active')} />
          </SimpleGrid>
          <LocalTextField
            control={form.control}
            name="description"
            label={label('description')}
            description={t('backoffice.promotions.bonus.descriptionText')}
          />
          <BannersField control={form.control} name="banners" />
          <ReasonField message={errors.reason?.message} {...form.register('reason')} />
        </Stack>
        <PhonePreview
          currency={draft.currency}
          hint={t(
            draft.kind === 'listed'
              ? 'backoffice.promotions.bonus.previewListed'
              : 'backoffice.promotions.bonus.previewPromotion',
          )}
        >
          {(locale) => <BonusScreen draft={draft} locale={locale} />}
        </PhonePreview>
      </div>
    </DeskFormModal>
  );
}
