import {
  Center,
  createTheme,
  Loader,
  MantineThemeProvider,
  SegmentedControl,
  Stack,
  Text,
} from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type Currency, type Locale, locales } from '@wallet/contract/constants';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { theme } from '../../../../app/theme';
import { localeNames } from '../../../../components/ui/language-switch';
import { i18n, loadLocale, loadMemberTranslations, ShownLocaleContext } from '../../../../lib/i18n';
import { queryKeys } from '../../../../lib/query-keys';
import { classes } from '../classes';
import { PhoneFrame } from './phone-frame';

/**
 * The member app's theme inside the phone (not the desk's, which sizes fields for a mouse), its
 * overlays drawn in the phone's document. A modal there must not take the desk's focus nor lock
 * the desk's scrolling while staff type beside it.
 */
function PhoneTheme({ body, children }: { body: HTMLElement; children: ReactNode }) {
  const phone = useMemo(
    () =>
      createTheme({
        ...theme,
        components: {
          ...theme.components,
          Portal: { defaultProps: { target: body } },
          Modal: {
            defaultProps: {
              ...theme.components?.Modal?.defaultProps,
              trapFocus: false,
              returnFocus: false,
              lockScroll: false,
            },
          },
        },
      }),
    [body],
  );
  return (
    <MantineThemeProvider theme={phone} inherit={false}>
      {children}
    </MantineThemeProvider>
  );
}

/**
 * The member's words in `locale` (their catalogue loaded as the member app loads it), for the
 * preview alone: the desk keeps its own language.
 */
function useMemberWords(locale: Locale) {
  const [loaded, setLoaded] = useState<Locale | null>(null);
  useEffect(() => {
    let current = true;
    void loadMemberTranslations()
      .then(() => loadLocale(locale))
      .then(() => {
        if (current) setLoaded(locale);
      });
    return () => {
      current = false;
    };
  }, [locale]);
  const words = useMemo(() => i18n.cloneInstance({ lng: locale, initAsync: false }), [locale]);
  return loaded === locale ? words : null;
}

/**
 * The member components' own cache in the preview: it holds only the currency they format money
 * in (hooks/use-money.ts reads the wallet's), and runs no query, so nothing in the phone asks
 * the member API (the desk has no member session).
 */
function usePhoneCache(currency: Currency) {
  const [client] = useState(() => {
    const made = new QueryClient({ defaultOptions: { queries: { enabled: false, retry: false } } });
    made.setQueryData(queryKeys.wallet.summary(), { profile: { currency } });
    return made;
  });
  useEffect(() => {
    client.setQueryData(queryKeys.wallet.summary(), { profile: { currency } });
  }, [client, currency]);
  return client;
}

type PhonePreviewProps = {
  /** The currency of the draft's money, written in it in the phone (none shown: baht). */
  currency?: Currency;
  /** The member screen, of the draft's texts in `locale`. */
  children: (locale: Locale) => ReactNode;
  /** Words under the phone: what to tap to see more. */
  hint?: string;
};

/**
 * The draft as a member will see it, before it is published: the member app's own components in
 * a phone-sized frame, in the language chosen above it (the draft's text of that language and
 * the member app's words in it).
 */
export function PhonePreview({ currency = 'BAHT', children, hint }: PhonePreviewProps) {
  const { t, i18n: desk } = useTranslation();
  const [locale, setLocale] = useState<Locale>(
    () => locales.find((one) => one === desk.language) ?? 'th',
  );
  const words = useMemberWords(locale);
  const cache = usePhoneCache(currency);

  return (
    <Stack gap="xs" align="center" className={classes.preview}>
      <Text size="sm" fw={600}>
        {t('backoffice.promotions.preview.title')}
      </Text>
      <SegmentedControl
        size="xs"
        aria-label={t('backoffice.promotions.preview.language')}
        value={locale}
        onChange={(next) => setLocale(next as Locale)}
        data={locales.map((value) => ({ value, label: localeNames[value] }))}
      />
      <PhoneFrame title={t('backoffice.promotions.preview.frame')} locale={locale}>
        {(body) =>
          words ? (
            <ShownLocaleContext value={locale}>
              <I18nextProvider i18n={words}>
                <QueryClientProvider client={cache}>
                  <PhoneTheme body={body}>
                    <div className="wallet-column">
                      <main className="wallet-main">{children(locale)}</main>
                    </div>
                  </PhoneTheme>
                </QueryClientProvider>
              </I18nextProvider>
            </ShownLocaleContext>
          ) : (
            <Center h={200}>
              <Loader aria-label={t('common.loading')} />
            </Center>
          )
        }
      </PhoneFrame>
      {hint && (
        <Text size="xs" c="dimmed" ta="center" maw={390}>
          {hint}
        </Text>
      )}
    </Stack>
  );
}
