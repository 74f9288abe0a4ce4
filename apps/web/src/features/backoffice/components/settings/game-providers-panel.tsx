import { Avatar, Badge, Group, Stack, Switch, Text } from '@mantine/core';
import { movedOrder, type OperatorGameProvider } from '@wallet/contract/operator-accounts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChangeGameProvider } from '../../api/change-game-provider';
import { useChangeOrder } from '../../api/change-order';
import { useGameProviders } from '../../api/get-game-providers';
import { DeskTable } from '../desk-table';
import { editColumns, orderColumn } from './accounts-table';
import { GameProviderModal } from './game-provider-modal';
import {
  PanelIntro,
  type ReasonedChange,
  ReasonedChangeModal,
  useMoveRequest,
} from './settings-parts';

type Flag = 'active' | 'maintenance';

/**
 * The game providers members see, in their order (`settings.providers`, admin; finance reads):
 * on or off, in maintenance or not (members see a provider in maintenance as such, and nothing
 * of theirs reaches it until it ends), moved a step, their logo and links; every change with a
 * reason.
 */
export function GameProvidersPanel({ mayChange }: { mayChange: boolean }) {
  const { t } = useTranslation();
  const { data, isFetching, isError } = useGameProviders();
  const change = useChangeGameProvider();
  const order = useChangeOrder();
  const moveRequest = useMoveRequest();
  const [editing, setEditing] = useState<OperatorGameProvider | null>(null);
  const [asking, setAsking] = useState<ReasonedChange | null>(null);
  const providers = data?.providers ?? [];
  const codes = providers.map((provider) => provider.code);

  const move = (provider: OperatorGameProvider, step: -1 | 1) =>
    setAsking(
      moveRequest(provider.name, step, async (reason) => {
        const next = movedOrder(codes, provider.code, step);
        await order.mutateAsync({ list: 'game-providers', codes: next, reason });
      }),
    );

  const flip = (provider: OperatorGameProvider, flag: Flag) => {
    const on = !provider[flag];
    const words = `${flag}.${on ? 'on' : 'off'}`;
    const name = provider.name;
    setAsking({
      title: t(`backoffice.settings.games.${words}Title`, { name }),
      text: t(`backoffice.settings.games.${words}Text`),
      confirmLabel: t(`backoffice.settings.games.${words}`),
      danger: flag === 'maintenance' && on,
      run: async (reason) => {
        await change.mutateAsync({ code: provider.code, [flag]: on, reason });
        return t(`backoffice.settings.games.${words}Done`, { name });
      },
    });
  };

  const title = t('backoffice.settings.tabs.games');
  return (
    <Stack gap="md">
      <PanelIntro
        text={t('backoffice.settings.games.intro')}
        readOnly={mayChange ? null : t('backoffice.settings.games.readOnly')}
      />
      <DeskTable<OperatorGameProvider>
        aria-label={title}
        idAccessor="code"
        records={providers}
        fetching={isFetching && !data}
        noRecordsText={t(isError ? 'backoffice.table.loadFailed' : 'backoffice.table.empty')}
        columns={[
          orderColumn(
            t('backoffice.settings.order.column'),
            providers.length,
            (provider: OperatorGameProvider) => provider.name,
            mayChange,
            move,
          ),
          {
            accessor: 'name',
            title: t('backoffice.settings.games.columns.provider'),
            render: (provider) => (
              <Group gap="sm" wrap="nowrap">
                <Avatar
                  src={provider.logo || null}
                  name={provider.name}
                  alt=""
                  radius="sm"
                  size={32}
                />
                <Stack gap={0}>
                  <Text size="sm" fw={600}>
                    {provider.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {provider.code}
                  </Text>
                </Stack>
                {provider.maintenance && (
                  <Badge color="orange" variant="light" size="sm">
                    {t('backoffice.settings.games.maintenanceBadge')}
                  </Badge>
                )}
              </Group>
            ),
          },
          {
            accessor: 'category',
            title: t('backoffice.settings.games.columns.category'),
            render: (provider) => t(`backoffice.settings.games.categories.${provider.category}`),
          },
          ...(['active', 'maintenance'] as const).map((flag) => ({
            accessor: flag,
            title: t(`backoffice.settings.games.columns.${flag}`),
            render: (provider: OperatorGameProvider) => (
              <Switch
                checked={provider[flag]}
                color={flag === 'maintenance' ? 'orange' : undefined}
                disabled={!mayChange}
                aria-label={t(`backoffice.settings.games.${flag}Of`, { name: provider.name })}
                onChange={() => flip(provider, flag)}
              />
            ),
          })),
          {
            accessor: 'links',
            title: t('backoffice.settings.games.columns.links'),
            render: (provider) => {
              const set = (['web', 'android', 'ios'] as const).filter((link) => provider[link]);
              return set.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('backoffice.settings.games.noLinks')}
                </Text>
              ) : (
                <Group gap={4}>
                  {set.map((link) => (
                    <Badge key={link} variant="outline" size="sm">
                      {t(`backoffice.settings.games.fields.${link}`)}
                    </Badge>
                  ))}
                </Group>
              );
            },
          },
          ...editColumns(
            t('backoffice.table.actions'),
            mayChange,
            (provider: OperatorGameProvider) => provider.name,
            setEditing,
          ),
        ]}
      />
      <GameProviderModal provider={editing} onClose={() => setEditing(null)} />
      <ReasonedChangeModal change={asking} onClose={() => setAsking(null)} />
    </Stack>
  );
}
