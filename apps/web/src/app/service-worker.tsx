/// <reference types="vite-plugin-pwa/client" />

import { registerSW } from 'virtual:pwa-register';
import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showPrompt } from '../lib/alerts';

/**
 * How often a page left open asks whether a new version is out: browsers ask by themselves only
 * when a page is opened, and a player may keep one open for days. Each ask is one conditional
 * request for /sw.js (the server sends it with no-cache, so the answer is 304 when unchanged).
 */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;
/** Coming back to the app asks too, but not more often than this. */
export const UPDATE_CHECK_ON_RETURN_MS = 10 * 60 * 1000;

export const UPDATE_PROMPT_ID = 'wallet-update';

function UpdateTitle() {
  const { t } = useTranslation();
  return t('update.title');
}

function UpdateBody({ reload }: { reload: () => Promise<void> }) {
  const { t } = useTranslation();
  const [reloading, setReloading] = useState(false);
  return (
    <>
      <Text size="sm">{t('update.text')}</Text>
      <Group justify="flex-end" mt="xs">
        <Button
          size="xs"
          loading={reloading}
          onClick={() => {
            setReloading(true);
            void reload();
          }}
        >
          {t('update.reload')}
        </Button>
      </Group>
    </>
  );
}

function keepAsking(registration: ServiceWorkerRegistration): void {
  let lastAsked = Date.now();
  const ask = () => {
    if (registration.installing || !navigator.onLine) return;
    lastAsked = Date.now();
    registration.update().catch(() => undefined);
  };
  setInterval(ask, UPDATE_CHECK_MS);
  document.addEventListener('visibilitychange', () => {
    if (
      document.visibilityState === 'visible' &&
      Date.now() - lastAsked > UPDATE_CHECK_ON_RETURN_MS
    ) {
      ask();
    }
  });
}

/**
 * Registers the app's service worker (apps/web/build/pwa.ts); main.tsx loads this once the page
 * has settled, in production builds only. A new version's worker installs beside the running one
 * and waits: its member is asked to reload, and the reload lets it take over (vite-plugin-pwa's
 * `prompt`: the page reloads once the new worker controls it), so a page never runs one
 * version's code with another's files.
 */
export function registerServiceWorker(): void {
  const takeOver = registerSW({
    immediate: true,
    onNeedRefresh: () =>
      showPrompt(UPDATE_PROMPT_ID, <UpdateTitle />, <UpdateBody reload={() => takeOver(true)} />),
    onRegisteredSW: (_url, registration) => {
      if (registration) keepAsking(registration);
    },
    onRegisterError: (error: unknown) =>
      console.error('The service worker was not registered', error),
  });
}
