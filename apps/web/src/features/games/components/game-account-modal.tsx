import { Alert, Anchor, Avatar, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import {
  IconBrandAndroid,
  IconBrandApple,
  IconPlayerPlay,
  IconTool,
  IconWorld,
} from '@tabler/icons-react';
import type { GameProviderCode } from '@wallet/contract/constants';
import {
  autoLoginProviderOf,
  type GameAccountResponse,
  playTransferAmount,
} from '@wallet/contract/games';
import { WALLET_ACCOUNT } from '@wallet/contract/wallet';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/ui/app-modal';
import { MoneyInput } from '../../../components/ui/money-input';
import { useCurrencyUnit, useMoney } from '../../../hooks/use-money';
import { showErrorAlert, showSuccessAlert, showToast } from '../../../lib/alerts';
import { errorText } from '../../../lib/errors';
import { useIdempotentAction } from '../../../lib/idempotency';
import { useWallet } from '../../wallet/api/get-wallet';
import { useTransfer } from '../../wallet/api/transfer';
import { useActivateGame } from '../api/activate-game';
import { getAutoLogin } from '../api/get-auto-login';
import { useGameAccount } from '../api/get-game-account';
import { useResetGamePassword } from '../api/reset-game-password';
import { openGameWindow } from '../open-game-window';
import { CredentialField } from './game-credentials';

/** The link that opens the game: auto-login for the providers that have it, else the web link. */
async function gameLink(account: GameAccountResponse): Promise<string> {
  const provider = autoLoginProviderOf(account.game.code);
  if (provider) return (await getAutoLogin(provider, account)).link;
  if (account.game.web) return account.game.web;
  throw new Error('NO_GAME');
}

function canOpen(account: GameAccountResponse): boolean {
  return autoLoginProviderOf(account.game.code) !== null || Boolean(account.game.web);
}

type GameAccountModalProps = { game: GameProviderCode | null; onClose: () => void };

/** The game-account modal (the spec's screens and states): activate, credentials, reset, play. */
export function GameAccountModal({ game, onClose }: GameAccountModalProps) {
  const { data: wallet } = useWallet();
  const slot = wallet?.slots.find((s) => s.code === game);
  return (
    <AppModal opened={game !== null} onClose={onClose} title={slot?.name ?? ''}>
      {game && slot && (
        <GameAccountBody
          key={game}
          game={game}
          active={slot.isActive}
          maintenance={slot.maintenance}
          name={slot.name}
          logo={slot.logo}
          amount={slot.amount}
          walletAmount={wallet?.wallet.cash ?? 0}
        />
      )}
    </AppModal>
  );
}

type BodyProps = {
  game: GameProviderCode;
  active: boolean;
  /** The operator put the provider into maintenance (issue 33): nothing reaches it meanwhile. */
  maintenance: boolean;
  name: string;
  logo: string;
  amount: number;
  walletAmount: number;
};

function GameAccountBody({
  game,
  active,
  maintenance,
  name,
  logo,
  amount,
  walletAmount,
}: BodyProps) {
  const { t } = useTranslation();
  const money = useMoney();
  const unit = useCurrencyUnit();
  const activate = useActivateGame();
  const account = useGameAccount(game, active);
  const reset = useResetGamePassword();
  const transfer = useTransfer();
  const idempotent = useIdempotentAction();
  const [stake, setStake] = useState<number | string>('');
  const [playing, setPlaying] = useState(false);

  // The spec's error catalogue: activate and credential errors show an error alert.
  const accountError = account.error;
  useEffect(() => {
    if (accountError) showErrorAlert(accountError);
  }, [accountError]);

  const onActivate = () =>
    activate.mutate(game, {
      onSuccess: () => showSuccessAlert(t('game.activated')),
      onError: showErrorAlert,
    });

  const onReset = () =>
    reset.mutate(game, {
      onSuccess: () => showSuccessAlert(t('game.passwordReset')),
      onError: showErrorAlert,
    });

  // No await before openGameWindow: the new tab must open inside the tap (mobile browsers).
  const onPlay = () => {
    const credentials = account.data;
    if (!credentials) return;
    const toMove = playTransferAmount(typeof stake === 'number' ? stake : null);
    setPlaying(true);
    openGameWindow(async () => {
      if (toMove !== null) {
        const body = { from: WALLET_ACCOUNT, to: game, amount: toMove } as const;
        const moved = await idempotent(body, (idempotencyKey) =>
          transfer.mutateAsync({ body, idempotencyKey }),
        );
        if (moved.status === 'processing') {
          showToast('info', t('transfer.processing'), t('transfer.processingTitle'));
        }
        setStake('');
      }
      return gameLink(credentials);
    })
      .catch(showErrorAlert)
      .finally(() => setPlaying(false));
  };

  return (
    <Stack gap="md">
      <Group wrap="nowrap" gap="sm">
        <Avatar src={logo || null} name={name} alt="" size={52} radius="md" color="gold" />
        <Stack gap={0}>
          <Text size="sm" c="dimmed">
            {t('game.balance')}
          </Text>
          <Text fw={700} size="lg">
            {money(amount)}
          </Text>
        </Stack>
      </Group>
      {maintenance && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconTool size={18} aria-hidden />}
          title={t('game.maintenance')}
        >
          {t('game.maintenanceText', { name })}
        </Alert>
      )}
      {!active ? (
        <>
          <Text size="sm">{t('game.activateHint')}</Text>
          <Button onClick={onActivate} loading={activate.isPending} disabled={maintenance}>
            {t('game.activate')}
          </Button>
        </>
      ) : account.data ? (
        <>
          <CredentialField
            label={t('game.username')}
            copyLabel={t('game.copyUsername')}
            value={account.data.username}
          />
          <CredentialField
            label={t('game.password')}
            copyLabel={t('game.copyPassword')}
            value={account.data.password}
          />
          <Button
            variant="default"
            onClick={onReset}
            loading={reset.isPending}
            disabled={maintenance}
          >
            {t('game.resetPassword')}
          </Button>
          <MoneyInput
            label={t('game.amount', { unit })}
            description={t('game.amountHint', { amount: money(walletAmount) })}
            value={stake}
            onChange={setStake}
            disabled={maintenance}
          />
          {canOpen(account.data) ? (
            <Button
              leftSection={<IconPlayerPlay size={18} aria-hidden />}
              onClick={onPlay}
              loading={playing}
              disabled={maintenance}
            >
              {t('game.play')}
            </Button>
          ) : (
            <Text size="sm" c="dimmed">
              {t('game.appOnly')}
            </Text>
          )}
          {/* The links open the game itself: not while it is under maintenance. */}
          {!maintenance && <GameLinks account={account.data} />}
        </>
      ) : account.error ? (
        <Alert color="red" title={t('common.errorTitle')}>
          {errorText(account.error)}
        </Alert>
      ) : (
        <Stack gap="sm" aria-busy>
          <Skeleton height={56} />
          <Skeleton height={56} />
        </Stack>
      )}
    </Stack>
  );
}

/** The spec's screens: the web, Android and iOS links, each shown only when the game has it. */
function GameLinks({ account }: { account: GameAccountResponse }) {
  const { t } = useTranslation();
  const links = [
    { key: 'web', href: account.game.web, label: t('game.web'), icon: IconWorld },
    {
      key: 'android',
      href: account.game.android,
      label: t('game.android'),
      icon: IconBrandAndroid,
    },
    { key: 'ios', href: account.game.ios, label: t('game.ios'), icon: IconBrandApple },
  ].filter((link) => link.href);
  if (links.length === 0) return null;
  return (
    <Group gap="md" justify="center">
      {links.map(({ key, href, label, icon: Icon }) => (
        <Anchor
          key={key}
          href={href ?? undefined}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
        >
          <Group gap={4} wrap="nowrap">
            <Icon size={16} aria-hidden />
            {label}
          </Group>
        </Anchor>
      ))}
    </Group>
  );
}
