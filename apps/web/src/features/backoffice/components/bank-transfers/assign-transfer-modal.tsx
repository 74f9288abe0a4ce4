import { Button, Group, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { AssignTransferSchema, type KeptTransfer } from '@wallet/contract/desk';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatAccountNo, formatDateTime } from '../../../../lib/format';
import { useAssignTransfer } from '../../api/assign-transfer';
import { useMembers } from '../../api/get-members';
import { useStaffMoney } from '../../money';
import { DeskFormModal, useDeskForm } from '../desk-form-modal';
import { ReasonField } from '../reason-modal';

type AssignTransferModalProps = { transfer: KeptTransfer | null; onClose: () => void };

/** Finds the member a transfer belongs to: the members' own search, its answers to choose from. */
function useMemberChoice(currency: string) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const found = useMembers(q);
  const options = (found.data?.members ?? []).map((member) => ({
    value: String(member.id),
    label: `#${member.id} · ${member.name} · ${member.username} (${member.currency})`,
    // The server credits only a wallet of the transfer's currency (BANK_CURRENCY_MISMATCH).
    disabled: member.currency !== currency,
  }));
  const search = () => setQ(typed.trim());
  const clear = () => {
    setTyped('');
    setQ('');
  };
  const input = (
    <Group align="flex-end" gap="sm" wrap="nowrap">
      <TextInput
        label={t('backoffice.assign.find')}
        placeholder={t('backoffice.members.searchPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={typed}
        onChange={(event) => setTyped(event.currentTarget.value)}
        onKeyDown={(event) => {
          // Enter searches here; it must not send the form around it.
          if (event.key === 'Enter') {
            event.preventDefault();
            search();
          }
        }}
        style={{ flex: 1 }}
        data-autofocus
      />
      <Button variant="default" onClick={search} loading={found.isFetching}>
        {t('backoffice.members.searchButton')}
      </Button>
    </Group>
  );
  const status =
    q === ''
      ? null
      : found.isError
        ? t('backoffice.table.loadFailed')
        : found.data && options.length === 0
          ? t('backoffice.members.none')
          : null;
  return { input, options, status, clear };
}

/**
 * Assigning a kept bank transfer to the member it belongs to (the maker's half): the member is
 * found by the members' search and chosen among its answers (only wallets of the transfer's
 * currency), and why. It then waits for another staff member's approval.
 */
export function AssignTransferModal({ transfer, onClose }: AssignTransferModalProps) {
  const { t } = useTranslation();
  const money = useStaffMoney();
  const assign = useAssignTransfer();
  const choice = useMemberChoice(transfer?.currency ?? '');
  const form = useDeskForm(AssignTransferSchema, {
    defaultValues: { memberId: 0, reason: '' },
    onClose: () => {
      choice.clear();
      onClose();
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.submit(async (body) => {
    if (!transfer) return undefined;
    await assign.mutateAsync({ reference: transfer.reference, ...body });
    return t('backoffice.assign.sent', { reference: transfer.reference });
  });

  return (
    <DeskFormModal
      opened={transfer !== null}
      size="lg"
      title={t('backoffice.assign.title', { reference: transfer?.reference ?? '' })}
      text={
        transfer &&
        t('backoffice.assign.text', {
          amount: money(transfer.amount, transfer.currency),
          from: `${transfer.bankCode} ${formatAccountNo(transfer.accountNo)}`,
          at: formatDateTime(transfer.receivedAt),
          currency: transfer.currency,
        })
      }
      onClose={form.close}
      onSubmit={onSubmit}
      pending={form.pending}
      submitLabel={t('backoffice.adjust.submit')}
    >
      {choice.input}
      <Controller
        control={form.control}
        name="memberId"
        render={({ field }) => (
          <Select
            label={t('backoffice.assign.member')}
            placeholder={t('backoffice.assign.memberPlaceholder')}
            data={choice.options}
            value={field.value ? String(field.value) : null}
            onChange={(value) => field.onChange(value ? Number(value) : 0)}
            onBlur={field.onBlur}
            description={choice.status}
            error={errors.memberId ? t('backoffice.assign.chooseMember') : undefined}
            allowDeselect={false}
          />
        )}
      />
      <ReasonField message={errors.reason?.message} {...form.register('reason')} />
    </DeskFormModal>
  );
}
