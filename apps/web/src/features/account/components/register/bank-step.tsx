import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconBuildingBank, IconCreditCard } from '@tabler/icons-react';
import { type Currency, currencies, LAOS_DEFAULT_CURRENCY } from '@wallet/contract/constants';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldErrorText } from '../../../../lib/errors';
import { bankName } from '../../../../lib/format';
import { useLocale } from '../../../../lib/i18n';
import { uppercaseOnInput } from '../../../../lib/uppercase-on-input';
import { variant } from '../../../../lib/variant';
import { useBanks } from '../../../lookup/api/get-banks';
import { type BankStepInput, type BankStepValues, bankStepSchema } from './register-schemas';

const schema = bankStepSchema(variant);

type BankStepProps = {
  submitting: boolean;
  /** Resolves with the field the server refused, if it named one of this step's fields. */
  onSubmit: (values: BankStepValues) => Promise<string | undefined>;
  onBack: () => void;
};

/** The server speaks of bankAccountName; this form splits it into first and last name. */
const serverFieldToFormField: Record<string, keyof BankStepInput> = {
  bankCode: 'bankCode',
  bankAccountNo: 'bankAccountNo',
  bankAccountName: 'firstName',
  currency: 'currency',
};

/** Step 4 (the spec's screens): the payout bank account, and the currency in the Laos build. */
export function BankStep({ submitting, onSubmit, onBack }: BankStepProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const banks = useBanks();
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    getValues,
    setValue,
    formState: { errors },
  } = useForm<BankStepInput, unknown, BankStepValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      bankCode: '',
      bankAccountNo: '',
      firstName: '',
      lastName: '',
      currency: variant.laos ? LAOS_DEFAULT_CURRENCY : undefined,
    },
  });
  const firstName = register('firstName');
  const lastName = register('lastName');
  // Issue 30: a BAHT wallet pays out to Thai banks, a LAK wallet to Lao banks. Only the banks of
  // the chosen currency are offered (the server refuses the others: BANK_CURRENCY_MISMATCH).
  const currency = watch('currency') ?? 'BAHT';
  const offered = (banks.data?.banks ?? []).filter((bank) => bank.currency === currency);
  const chooseCurrency = (next: Currency) => {
    const bank = banks.data?.banks.find((b) => b.code === getValues('bankCode'));
    if (bank && bank.currency !== next) setValue('bankCode', '');
  };

  return (
    <form
      onSubmit={handleSubmit(async (values) => {
        const refused = await onSubmit(values);
        const field = refused ? serverFieldToFormField[refused] : undefined;
        if (field) setError(field, { message: 'KEY_INVALID' });
      })}
      noValidate
    >
      <Stack gap="md">
        <Controller
          control={control}
          name="bankCode"
          render={({ field }) => (
            <Select
              label={t('register.bank')}
              placeholder={t('register.bankPlaceholder')}
              data={offered.map((bank) => ({
                value: bank.code,
                // Players know their bank by its short code (SCB, KBANK, BCEL) as much as by name.
                label: `${bankName(bank, locale)} (${bank.code})`,
              }))}
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              leftSection={<IconBuildingBank size={18} aria-hidden />}
              searchable
              nothingFoundMessage={t('common.nothingFound')}
              error={fieldErrorText(errors.bankCode?.message)}
            />
          )}
        />
        <TextInput
          label={t('register.bankAccountNo')}
          inputMode="numeric"
          autoComplete="off"
          leftSection={<IconCreditCard size={18} aria-hidden />}
          error={fieldErrorText(errors.bankAccountNo?.message)}
          {...register('bankAccountNo')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label={t('register.firstName')}
            autoComplete="off"
            error={fieldErrorText(errors.firstName?.message)}
            {...firstName}
            onChange={(event) => firstName.onChange(uppercaseOnInput(event))}
          />
          <TextInput
            label={t('register.lastName')}
            autoComplete="off"
            error={fieldErrorText(errors.lastName?.message)}
            {...lastName}
            onChange={(event) => lastName.onChange(uppercaseOnInput(event))}
          />
        </SimpleGrid>
        {variant.laos && (
          <Controller
            control={control}
            name="currency"
            render={({ field }) => (
              <Select
                label={t('register.currency')}
                data={currencies.map((c) => ({ value: c, label: t(`currency.${c}`) }))}
                value={field.value ?? LAOS_DEFAULT_CURRENCY}
                onChange={(value) => {
                  const next = currencies.find((c) => c === value) ?? LAOS_DEFAULT_CURRENCY;
                  chooseCurrency(next);
                  field.onChange(next);
                }}
                allowDeselect={false}
                error={fieldErrorText(errors.currency?.message)}
              />
            )}
          />
        )}
        <Button type="submit" size="md" fullWidth loading={submitting}>
          {t('register.submit')}
        </Button>
        <Button variant="subtle" color="gray" onClick={onBack} disabled={submitting}>
          {t('register.back')}
        </Button>
      </Stack>
    </form>
  );
}
