import {
  ActionIcon,
  Alert,
  Divider,
  Group,
  Paper,
  Skeleton,
  Stack,
  Tabs,
  Text,
} from '@mantine/core';
import { IconCopy, IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { QrProvider } from '@wallet/contract/constants';
import { type DepositAccount, qrProviderOf } from '@wallet/contract/deposit';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/ui/app-modal';
import { copyText } from '../../../lib/clipboard';
import { errorText } from '../../../lib/errors';
import { bankName, formatAccountNo } from '../../../lib/format';
import { useLocale } from '../../../lib/i18n';
import { useProfile } from '../../account/api/get-profile';
import { walletQueryOptions } from '../../wallet/api/get-wallet';
import { useDepositAccounts } from '../api/get-deposit-accounts';
import { GiftLinkForm } from './gift-link-form';
import { QrDeposit } from './qr-deposit';
import { SlipUpload } from './slip-upload';

/**
 * The copy that first asks a KTB/TMB/BBL member for their account name in Latin letters, with the
 * editor it opens. It belongs to the account feature; the app hands it in (app/overlays).
 */
export type LatinNameCopy = { copy: (text: string) => void; editor: ReactNode };

type DepositModalProps = { opened: boolean; onClose: () => void; nameCopy: LatinNameCopy };

/** How often the wallet is read again while the member looks at the deposit modal. */
const WALLET_POLL_MS = 10_000;

/**
 * A receiving account the bank feed credits by itself (the spec's screens: "bank accounts are
 * shown with a copy action"). KBANK in AUTO mode is one, and a QR flow besides; the payment
 * providers are QR flows only, and MANUAL accounts take slips.
 */
export function isFeedAccount(account: DepositAccount): boolean {
  return account.bankType === 'BANK' && account.mode === 'AUTO';
}

/**
 * The spec's states, KBANK auto bank-name edit: copying the KBANK auto account's number first
 * asks a KTB/TMB/BBL member with a non-Latin account name for the name in English.
 */
function checksLatinName(account: DepositAccount): boolean {
  return account.bankCode === 'KBANK' && account.mode === 'AUTO';
}

/**
 * The deposit modal (the spec's screens): the operator's bank accounts with a copy action and the
 * rule the bank feed follows (a transfer is credited when it comes from the member's own
 * registered account), a QR flow per payment provider (one tab each; every tab stays mounted, so
 * a QR made in one makes the others read theirs again), and the TrueMoney gift-link flow when
 * the operator takes gift links. While it is open the wallet is read every 10 s, so the credit
 * shows up without a refresh (the feed credits within about a minute).
 */
export function DepositModal({ opened, onClose, nameCopy }: DepositModalProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const accounts = useDepositAccounts();
  const { data: profile } = useProfile();
  useQuery({ ...walletQueryOptions(), refetchInterval: opened ? WALLET_POLL_MS : false });
  const banks = accounts.data?.banks.filter(isFeedAccount) ?? [];
  const qrProviders = [
    ...new Set(
      (accounts.data?.banks ?? [])
        .map(qrProviderOf)
        .filter((provider): provider is QrProvider => provider !== null),
    ),
  ];
  const own = profile?.bankAccount;

  return (
    <AppModal opened={opened} onClose={onClose} title={t('deposit.title')}>
      <Stack gap="md">
        <Text size="sm" fw={600}>
          {t('deposit.bankTransfer')}
        </Text>
        {accounts.isPending && <Skeleton height={76} radius="md" />}
        {accounts.error && <Text c="red.4">{errorText(accounts.error)}</Text>}
        {accounts.data && banks.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('deposit.noBankAccount')}
          </Text>
        )}
        {banks.map((account) => (
          <Paper key={`${account.bankCode}-${account.bankAccountNo}`} p="md" radius="md" withBorder>
            <Group justify="space-between" wrap="nowrap" align="center">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text size="sm" c="dimmed">
                  {bankName(account.bank, locale)}
                </Text>
                <Text fw={700} size="lg" data-testid="deposit-account-no">
                  {formatAccountNo(account.bankAccountNo)}
                </Text>
                <Text size="sm" truncate>
                  {account.bankAccountName}
                </Text>
              </Stack>
              <ActionIcon
                variant="light"
                size="xl"
                radius="xl"
                aria-label={t('deposit.copyAccountNo', { bank: bankName(account.bank, locale) })}
                onClick={() =>
                  checksLatinName(account)
                    ? nameCopy.copy(account.bankAccountNo)
                    : void copyText(account.bankAccountNo)
                }
              >
                <IconCopy size={20} aria-hidden />
              </ActionIcon>
            </Group>
          </Paper>
        ))}
        <Alert variant="light" color="gold" icon={<IconInfoCircle aria-hidden />}>
          <Stack gap={4}>
            {own && (
              <Text size="sm">
                {t('deposit.fromOwnAccount', {
                  bank: bankName(own.bank, locale),
                  accountNo: formatAccountNo(own.bankAccountNo),
                })}
              </Text>
            )}
            <Text size="sm">{t('deposit.creditedWithin')}</Text>
          </Stack>
        </Alert>
        {qrProviders.length > 0 && (
          <>
            <Divider />
            <Text size="sm" fw={600}>
              {t('deposit.qrTitle')}
            </Text>
            <Tabs variant="pills" radius="xl" defaultValue={qrProviders[0]}>
              <Tabs.List grow>
                {qrProviders.map((provider) => (
                  <Tabs.Tab key={provider} value={provider} fz="xs" px={8}>
                    {provider}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              {qrProviders.map((provider) => (
                <Tabs.Panel key={provider} value={provider} pt="md">
                  <QrDeposit provider={provider} onDone={onClose} />
                </Tabs.Panel>
              ))}
            </Tabs>
          </>
        )}
        {accounts.data?.wallets.some((w) => w.mode === 'GIFT_LINK') && (
          <>
            <Divider />
            <Text size="sm" fw={600}>
              {t('deposit.giftLinkTitle')}
            </Text>
            <GiftLinkForm onDone={onClose} />
          </>
        )}
        {accounts.data?.isManual && <SlipUpload onDone={onClose} />}
      </Stack>
      {nameCopy.editor}
    </AppModal>
  );
}
