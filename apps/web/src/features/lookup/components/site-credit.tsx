import { Anchor, Text } from '@mantine/core';
import type { InfoResponse } from '@wallet/contract/lookup';
import { useTranslation } from 'react-i18next';
import { useSiteInfo } from '../api/get-info';

function hrefOf(website: string): string {
  return /^https?:\/\//i.test(website) ? website : `https://${website}`;
}

/** The site credit of a given site info: the back office's preview of a draft shows it too. */
export function SiteCreditLine({ info }: { info: InfoResponse }) {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <Text component="footer" size="xs" c="dimmed" ta="center" mt="xl">
      © {year} {info.name}
      {info.website && (
        <>
          {' · '}
          <Anchor href={hrefOf(info.website)} target="_blank" rel="noopener noreferrer" c="dimmed">
            {info.website.replace(/^https?:\/\//i, '')}
          </Anchor>
        </>
      )}
      {' · '}
      {t('common.allRightsReserved')}
    </Text>
  );
}

/** The spec's overview: the site name and website from the info lookup, as a footer credit. */
export function SiteCredit() {
  const { data } = useSiteInfo();
  return data ? <SiteCreditLine info={data} /> : null;
}
