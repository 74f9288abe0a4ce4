import { ActionIcon, Button, Divider, FileInput, Group, Stack, Text } from '@mantine/core';
import { IconCopy, IconPhotoUp } from '@tabler/icons-react';
import { checkSlipFile, type DepositAccount, slipFileTypes } from '@wallet/contract/deposit';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorAlert, showSuccessAlert } from '../../../lib/alerts';
import { copyText } from '../../../lib/clipboard';
import { fieldErrorText } from '../../../lib/errors';
import { bankName, formatAccountNo } from '../../../lib/format';
import { useLocale } from '../../../lib/i18n';
import { useIdempotentAction } from '../../../lib/idempotency';
import { useSlipSettings } from '../../lookup/api/get-slip-settings';
import { useDepositAccounts } from '../api/get-deposit-accounts';
import { useUploadSlip } from '../api/upload-slip';

/** The operator's accounts that take a transfer checked by its slip (the spec's entities). */
function isSlipAccount(account: DepositAccount): boolean {
  return account.bankType === 'BANK' && account.mode === 'MANUAL';
}

/**
 * The slip upload of a manual deposit (the spec's screens, validation rules and constants and limits): the MANUAL accounts to
 * transfer to, the rule, and the slip picture, checked here as the server checks it
 * (`checkSlipFile`: PNG or JPEG, not empty, not above the slip lookup's size) before anything is
 * sent. The upload carries a fresh Idempotency-Key per action, the same one on a retry of the
 * same file; the slip is then checked by the server, so success says it is being checked.
 */
export function SlipUpload({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const accounts = useDepositAccounts();
  const settings = useSlipSettings();
  const upload = useUploadSlip();
  const idempotent = useIdempotentAction();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const manual = accounts.data?.banks.filter(isSlipAccount) ?? [];
  // Nothing to upload for: the operator takes no slips now, or has no manual account in the
  // member's currency.
  if (settings.data?.isActive === false || manual.length === 0) return null;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const limits = settings.data ?? (await settings.refetch()).data;
    const refusal = checkSlipFile(file, limits?.maxSizeMb ?? 0);
    setProblem(refusal);
    if (refusal || !file) return;
    try {
      const slip = { name: file.name, size: file.size, lastModified: file.lastModified };
      await idempotent(slip, (idempotencyKey) => upload.mutateAsync({ file, idempotencyKey }));
      setFile(null);
      onDone();
      showSuccessAlert(t('deposit.slipUploaded'));
    } catch (error) {
      showErrorAlert(error);
    }
  };

  return (
    <>
      <Divider />
      <Text size="sm" fw={600}>
        {t('deposit.slipTitle')}
      </Text>
      {manual.map((account) => (
        <Group key={account.bankAccountNo} justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" style={{ minWidth: 0 }}>
            {t('deposit.slipAccount', {
              bank: bankName(account.bank, locale),
              accountNo: formatAccountNo(account.bankAccountNo),
              name: account.bankAccountName,
            })}
          </Text>
          <ActionIcon
            variant="light"
            radius="xl"
            aria-label={t('deposit.copyAccountNo', { bank: bankName(account.bank, locale) })}
            onClick={() => void copyText(account.bankAccountNo)}
          >
            <IconCopy size={16} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <FileInput
            label={t('deposit.slipFile')}
            placeholder={t('deposit.slipFilePlaceholder')}
            description={
              settings.data ? t('deposit.slipMaxSize', { size: settings.data.maxSizeMb }) : null
            }
            accept={slipFileTypes.join(',')}
            leftSection={<IconPhotoUp size={18} aria-hidden />}
            clearable
            clearButtonProps={{ 'aria-label': t('common.clear') }}
            value={file}
            onChange={(chosen) => {
              setFile(chosen);
              setProblem(null);
            }}
            error={fieldErrorText(problem ?? undefined)}
          />
          <Text size="xs" c="dimmed">
            {t('deposit.slipRule')}
          </Text>
          <Button type="submit" loading={upload.isPending} disabled={!file}>
            {t('deposit.slipSend')}
          </Button>
        </Stack>
      </form>
    </>
  );
}
