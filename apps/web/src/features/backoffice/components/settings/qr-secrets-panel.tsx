import { Alert, Button, Code, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCopy, IconRefresh } from '@tabler/icons-react';
import type { QrSecretRotated, QrSecretState } from '@wallet/contract/operator-accounts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../../components/ui/app-modal';
import { copyText } from '../../../../lib/clipboard';
import { formatDateTime } from '../../../../lib/format';
import { useQrSecrets } from '../../api/get-qr-secrets';
import { useRotateQrSecret } from '../../api/rotate-qr-secret';
import { DeskTable } from '../desk-table';
import { RowAction } from '../row-action';
import { PanelIntro, type ReasonedChange, ReasonedChangeModal } from './settings-parts';

/** Hours, to a tenth: the grace period as the words say it (24 by default). */
const hoursOf = (seconds: number) => Math.round(seconds / 360) / 10;

/**
 * The secret just made, shown this once to give to the provider: it lives in this dialog's state
 * alone (never in the query cache) and is gone when the dialog closes.
 */
function NewSecret({ rotated, onDone }: { rotated: QrSecretRotated | null; onDone: () => void }) {
  const { t } = useTranslation();
  const provider = rotated?.provider ?? '';
  return (
    <AppModal
      opened={rotated !== null}
      onClose={onDone}
      title={t('backoffice.settings.secrets.newTitle', { provider })}
      size="lg"
    >
      {rotated && (
        <Stack gap="md">
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
            {t('backoffice.settings.secrets.newText', { provider })}
          </Alert>
          <Group gap="xs" wrap="nowrap" justify="space-between">
            <Code
              fz="sm"
              style={{ wordBreak: 'break-all' }}
              aria-label={t('backoffice.settings.secrets.secret')}
              data-testid="new-qr-secret"
            >
              {rotated.secret}
            </Code>
            <Button
              flex="none"
              variant="default"
              size="compact-sm"
              leftSection={<IconCopy size={16} aria-hidden />}
              onClick={() => void copyText(rotated.secret)}
            >
              {t('backoffice.settings.secrets.copy')}
            </Button>
          </Group>
          <Text size="sm">
            {t('backoffice.settings.secrets.oldUntil', {
              time: formatDateTime(rotated.previousUntil),
            })}
          </Text>
          <Group justify="flex-end">
            <Button onClick={onDone}>{t('backoffice.settings.secrets.done')}</Button>
          </Group>
        </Stack>
      )}
    </AppModal>
  );
}

/**
 * The QR providers' callback secrets (docs/security.md): when each was last rotated and until
 * when the one before it is still taken; an admin rotates one (`settings.secrets`) with a
 * reason, and the new secret shows once. Finance reads when they were rotated; nobody reads a
 * secret here.
 */
export function QrSecretsPanel({ mayChange }: { mayChange: boolean }) {
  const { t } = useTranslation();
  const { data, isFetching, isError } = useQrSecrets();
  const rotate = useRotateQrSecret();
  const [asking, setAsking] = useState<ReasonedChange | null>(null);
  const [rotated, setRotated] = useState<QrSecretRotated | null>(null);
  const hours = hoursOf(data?.graceSeconds ?? 86_400);

  const ask = ({ provider }: QrSecretState) =>
    setAsking({
      title: t('backoffice.settings.secrets.rotateTitle', { provider }),
      text: t('backoffice.settings.secrets.rotateText', { provider, hours }),
      confirmLabel: t('backoffice.settings.secrets.rotate'),
      danger: true,
      run: async (reason) => {
        setRotated(await rotate.mutateAsync({ provider, reason }));
        return t('backoffice.settings.secrets.rotated', { provider });
      },
    });

  const title = t('backoffice.settings.tabs.secrets');
  return (
    <Stack gap="md">
      <PanelIntro
        text={t('backoffice.settings.secrets.intro', { hours })}
        readOnly={mayChange ? null : t('backoffice.settings.secrets.readOnly')}
      />
      <DeskTable<QrSecretState>
        aria-label={title}
        idAccessor="provider"
        records={data?.secrets ?? []}
        fetching={isFetching && !data}
        noRecordsText={t(isError ? 'backoffice.table.loadFailed' : 'backoffice.table.empty')}
        columns={[
          { accessor: 'provider', title: t('backoffice.settings.secrets.columns.provider') },
          {
            accessor: 'rotatedAt',
            title: t('backoffice.settings.secrets.columns.rotatedAt'),
            render: ({ rotatedAt }) =>
              rotatedAt ? formatDateTime(rotatedAt) : t('backoffice.settings.secrets.never'),
          },
          {
            accessor: 'previousUntil',
            title: t('backoffice.settings.secrets.columns.previousUntil'),
            render: ({ previousUntil }) =>
              previousUntil ? formatDateTime(previousUntil) : t('backoffice.settings.secrets.none'),
          },
          ...(mayChange
            ? [
                {
                  accessor: 'actions',
                  title: t('backoffice.table.actions'),
                  textAlign: 'right' as const,
                  render: (secret: QrSecretState) => (
                    <RowAction
                      icon={IconRefresh}
                      color="red"
                      label={t('backoffice.settings.secrets.rotateOf', {
                        provider: secret.provider,
                      })}
                      onClick={() => ask(secret)}
                    >
                      {t('backoffice.settings.secrets.rotate')}
                    </RowAction>
                  ),
                },
              ]
            : []),
        ]}
      />
      <ReasonedChangeModal change={asking} onClose={() => setAsking(null)} />
      <NewSecret
        rotated={rotated}
        onDone={() => {
          // Nothing of the secret stays: neither here nor in the mutation's state.
          setRotated(null);
          rotate.reset();
        }}
      />
    </Stack>
  );
}
