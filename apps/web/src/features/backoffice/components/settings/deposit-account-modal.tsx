import { Select, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { currencies, depositBankCodes } from '@wallet/contract/constants';
import { depositModes } from '@wallet/contract/deposit';
import {
  DepositAccountChangeSchema,
  type DepositAccountFields,
  depositBankTypeOf,
  type OperatorDepositAccount,
} from '@wallet/contract/operator-accounts';
import { useEffect, useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../../lib/api-error';
import { fieldErrorText } from '../../../../lib/errors';
import { useSaveDepositAccount } from '../../api/save-deposit-account';
import { DeskFormModal, useDeskForm } from '../desk-form-modal';
import { ReasonField } from '../reason-modal';

/** The fields of an account as the form and the server take them. */
export function depositFieldsOf(account: OperatorDepositAccount): DepositAccountFields {
  const { bankCode, mode, nameTH, nameEN, accountName, accountNo, currency, active } = account;
  return { bankCode, mode, nameTH, nameEN, accountName, accountNo, currency, active };
}

const empty: DepositAccountFields = {
  bankCode: 'SCB',
  mode: 'AUTO',
  nameTH: '',
  nameEN: '',
  accountName: '',
  accountNo: '',
  currency: 'BAHT',
  active: true,
};

/** What a refusal of a field means here, where the generic "invalid" would not say it. */
const invalidWords: Partial<Record<keyof DepositAccountFields, string>> = {
  mode: 'backoffice.settings.accounts.paymentAuto',
  currency: 'backoffice.settings.accounts.currencyOfBank',
  accountNo: 'backoffice.settings.accounts.accountNoInvalid',
};

type DepositAccountModalProps = {
  /** The account to change, 'new' to add one, null while closed. */
  account: OperatorDepositAccount | 'new' | null;
  onClose: () => void;
};

/**
 * Add or change a deposit account (`settings.deposits`), checked by the contract's
 * DepositAccountChangeSchema as the server checks it; the server's own refusals (an account the
 * bank already has, a currency its bank does not hold) show under their field.
 */
export function DepositAccountModal({ account, onClose }: DepositAccountModalProps) {
  const { t } = useTranslation();
  const save = useSaveDepositAccount();
  const values = useMemo(
    () => ({
      account: account && account !== 'new' ? depositFieldsOf(account) : empty,
      reason: '',
    }),
    [account],
  );
  const form = useDeskForm(DepositAccountChangeSchema, { values, onClose });
  const errors = form.formState.errors.account;
  const bankCode = form.watch('account.bankCode');
  const provider = depositBankTypeOf(bankCode) === 'PAYMENT';
  const { setValue } = form;
  // A payment provider's account is credited by its callback: it is AUTO, nothing to choose.
  useEffect(() => {
    if (provider) setValue('account.mode', 'AUTO');
  }, [provider, setValue]);

  const message = (field: keyof DepositAccountFields) => {
    const code = errors?.[field]?.message;
    const words = invalidWords[field];
    return code === 'KEY_INVALID' && words ? t(words) : fieldErrorText(code);
  };
  const label = (field: string) => t(`backoffice.settings.accounts.fields.${field}`);
  const select = { comboboxProps: { withinPortal: true, zIndex: 1000 }, allowDeselect: false };

  const onSubmit = form.submit(
    async (body) => {
      const id = account && account !== 'new' ? account.id : null;
      const saved = await save.mutateAsync({ id, ...body });
      const name = `${saved.bankCode} ${saved.accountNo}`;
      return t(id === null ? 'backoffice.settings.accounts.added' : 'backoffice.settings.saved', {
        name,
      });
    },
    (error) => {
      if (!(isApiError(error) && error.field?.startsWith('account.'))) return false;
      form.setError(error.field as `account.${keyof DepositAccountFields}`, {
        message: error.code,
      });
      return true;
    },
  );

  return (
    <DeskFormModal
      opened={account !== null}
      title={
        account === 'new'
          ? t('backoffice.settings.accounts.addTitle')
          : t('backoffice.settings.editTitle', {
              name: account ? `${account.bankCode} ${account.accountNo}` : '',
            })
      }
      text={t('backoffice.settings.accounts.formText')}
      onClose={form.close}
      onSubmit={onSubmit}
      pending={form.pending}
      size="lg"
    >
      <SimpleGrid cols={2} spacing="sm">
        <Controller
          control={form.control}
          name="account.bankCode"
          render={({ field }) => (
            <Select
              {...select}
              label={label('bankCode')}
              data={[...depositBankCodes]}
              value={field.value}
              onChange={(value) => field.onChange(value)}
              onBlur={field.onBlur}
              error={message('bankCode')}
              data-autofocus
            />
          )}
        />
        <Controller
          control={form.control}
          name="account.mode"
          render={({ field }) => (
            <Select
              {...select}
              label={label('mode')}
              description={provider ? t('backoffice.settings.accounts.paymentAuto') : undefined}
              disabled={provider}
              data={depositModes.map((mode) => ({
                value: mode,
                label: t(`backoffice.settings.accounts.modes.${mode}`),
              }))}
              value={field.value}
              onChange={(value) => field.onChange(value)}
              onBlur={field.onBlur}
              error={message('mode')}
            />
          )}
        />
        <TextInput
          label={label('nameTH')}
          error={message('nameTH')}
          {...form.register('account.nameTH')}
        />
        <TextInput
          label={label('nameEN')}
          error={message('nameEN')}
          {...form.register('account.nameEN')}
        />
        <TextInput
          label={label('accountName')}
          error={message('accountName')}
          {...form.register('account.accountName')}
        />
        <TextInput
          label={label('accountNo')}
          autoComplete="off"
          error={message('accountNo')}
          {...form.register('account.accountNo')}
        />
        <Controller
          control={form.control}
          name="account.currency"
          render={({ field }) => (
            <Select
              {...select}
              label={label('currency')}
              data={currencies.map((currency) => ({
                value: currency,
                label: t(`backoffice.currencies.${currency}`),
              }))}
              value={field.value}
              onChange={(value) => field.onChange(value)}
              onBlur={field.onBlur}
              error={message('currency')}
            />
          )}
        />
        <Controller
          control={form.control}
          name="account.active"
          render={({ field }) => (
            <Switch
              mt={30}
              label={label('active')}
              checked={field.value}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
            />
          )}
        />
      </SimpleGrid>
      <ReasonField message={form.formState.errors.reason?.message} {...form.register('reason')} />
    </DeskFormModal>
  );
}
