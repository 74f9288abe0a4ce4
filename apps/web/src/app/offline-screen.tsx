import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../components/ui/brand-mark';
import { isOffline, onConnectivityChange, probeServer } from '../lib/connectivity';
import { queryClient } from '../lib/query-client';

/**
 * What the app shows while it cannot reach its server (lib/connectivity.ts): opened offline from
 * the service worker's copy, or a network lost on the way. A modal <dialog> over the screen, so
 * the screen keeps its state (a half-filled form) and nothing under it can be reached; it goes
 * once the server answers again, by itself when the browser is back online, or by Try again.
 * Outside the router: a first screen whose data waits for the network never renders.
 */
export function OfflineScreen() {
  const { t } = useTranslation();
  const offline = useSyncExternalStore(onConnectivityChange, isOffline, () => false);
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [checking, setChecking] = useState(false);
  const [stillOffline, setStillOffline] = useState(false);
  const wasOffline = useRef(false);

  useEffect(() => {
    const element = dialog.current;
    if (offline && element && !element.open) element.showModal();
    if (!offline && element?.open) element.close();
    if (!offline && wasOffline.current) {
      setStillOffline(false);
      // What failed while the server was out of reach is asked again; what the browser held
      // back while it was offline resumes by itself (TanStack Query's online manager).
      void queryClient.refetchQueries({
        type: 'active',
        predicate: (query) => query.state.status === 'error',
      });
    }
    wasOffline.current = offline;
  }, [offline]);

  const retry = async () => {
    setChecking(true);
    const reached = await probeServer();
    setChecking(false);
    setStillOffline(!reached || isOffline());
  };

  return (
    <dialog
      ref={dialog}
      className="wallet-offline"
      aria-labelledby={titleId}
      // Escape would close it over a page that cannot work; the server's answer closes it.
      onCancel={(event) => event.preventDefault()}
    >
      {offline && (
        <Center mih="100dvh" p="lg">
          <Stack align="center" gap="md" maw={360} ta="center">
            <BrandMark size={56} />
            <Title order={1} size="h3" id={titleId}>
              {t('offline.title')}
            </Title>
            <Text c="dimmed">{t('offline.text')}</Text>
            <Button
              leftSection={<IconRefresh size={18} aria-hidden />}
              loading={checking}
              onClick={() => void retry()}
            >
              {t('offline.retry')}
            </Button>
            <Text size="sm" c="dimmed" role="status" mih="1.5em">
              {stillOffline && !checking ? t('offline.stillOffline') : ''}
            </Text>
          </Stack>
        </Center>
      )}
    </dialog>
  );
}
