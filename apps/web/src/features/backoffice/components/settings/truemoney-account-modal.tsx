import { Select, Switch, TextInput } from '@mantine/core';
import { walletAccountModes } from '@wallet/contract/deposit';
import {
  type OperatorTruemoneyAccount,
  TruemoneyAccountChangeSchema,
  type TruemoneyAccountFields,
} from '@wallet/contract/operator-accounts';
import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldErrorText } from '../../../../lib/errors';
import { useSaveTruemoneyAccount } from '../../api/save-truemoney-account';
import { DeskFormModal, useDeskForm } from '../desk-form-modal';
import { ReasonField } from '../reason-modal';

export function truemoneyFieldsOf(wallet: OperatorTruemoneyAccount): TruemoneyAccountFields {
  return { mode: wallet.mode, phone: wallet.phone, active: wallet.active };
}

const empty: TruemoneyAccountFields = { mode: 'AUTO', phone: '', active: true };

type TruemoneyAccountModalProps = {
  /** The wallet to change, 'new' to add one, null while closed. */
  wallet: OperatorTruemoneyAccount | 'new' | null;
  onClose: () => void;
};

/** Add or change a TrueMoney wallet (`settings.deposits`), by TruemoneyAccountChangeSchema. */
export function TruemoneyAccountModal({ wallet, onClose }: TruemoneyAccountModalProps) {
  const { t } = useTranslation();
  const save = useSaveTruemoneyAccount();
  const values = useMemo(
    () => ({ account: wallet && wallet !== 'new' ? truemoneyFieldsOf(wallet) : empty, reason: '' }),
    [wallet],
  );
  const form = useDeskForm(TruemoneyAccountChangeSchema, { values, onClose });
  const errors = form.formState.errors;
  const label = (field: string) => t(`backoffice.settings.wallets.fields.${field}`);

  const onSubmit = form.submit(async (body) => {
    const id = wallet && wallet !== 'new' ? wallet.id : null;
    const saved = await save.mutateAsync({ id, ...body });
    return t(id === null ? 'backoffice.settings.accounts.added' : 'backoffice.settings.saved', {
      name: saved.phone,
    });
  });

  return (
    <DeskFormModal
      opened={wallet !== null}
      title={
        wallet === 'new'
          ? t('backoffice.settings.wallets.addTitle')
          : t('backoffice.settings.editTitle', { name: wallet ? wallet.phone : '' })
      }
      text={t('backoffice.settings.wallets.formText')}
      onClose={form.close}
      onSubmit={onSubmit}
      pending={form.pending}
    >
      <Controller
        control={form.control}
        name="account.mode"
        render={({ field }) => (
          <Select
            label={label('mode')}
            data={walletAccountModes.map((mode) => ({
              value: mode,
              label: t(`backoffice.settings.wallets.modes.${mode}`),
            }))}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true, zIndex: 1000 }}
            value={field.value}
            onChange={(value) => field.onChange(value)}
            onBlur={field.onBlur}
            error={fieldErrorText(errors.account?.mode?.message)}
            data-autofocus
          />
        )}
      />
      <TextInput
        label={label('phone')}
        inputMode="tel"
        autoComplete="off"
        error={fieldErrorText(errors.account?.phone?.message)}
        {...form.register('account.phone')}
      />
      <Controller
        control={form.control}
        name="account.active"
        render={({ field }) => (
          <Switch
            label={label('active')}
            checked={field.value}
            onChange={(event) => field.onChange(event.currentTarget.checked)}
          />
        )}
      />
      <ReasonField message={errors.reason?.message} {...form.register('reason')} />
    </DeskFormModal>
  );
}
