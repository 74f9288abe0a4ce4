import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSiteInfo } from '../api/get-info';

function hrefOf(website: string): string {
  return /^https?:\/\//i.test(website) ? website : `https://${website}`;
}

/** The spec's overview: the site name and website from the info lookup, as a footer credit. */
export function SiteCredit() {
  const { t } = useTranslation();
  const { data } = useSiteInfo();
  if (!data) return null;
  const year = new Date().getFullYear();
  return (
    <Text component="footer" size="xs" c="dimmed" ta="center" mt="xl">
      © {year} {data.name}
      {data.website && (
        <>
          {' · '}
          <Anchor href={hrefOf(data.website)} target="_blank" rel="noopener noreferrer" c="dimmed">
            {data.website.replace(/^https?:\/\//i, '')}
          </Anchor>
        </>
      )}
      {' · '}
      {t('common.allRightsReserved')}
    </Text>
  );
}
