import { Typography } from '@mantine/core';

/**
 * Text the operator wrote in HTML (conditions, agreement, bonus banners, promotion
 * descriptions). The server cleans it where it is stored (apps/server/src/lib/operator-html.ts),
 * so it is shown as it is, with Mantine's type styles.
 */
export function OperatorHtml({ html }: { html: string }) {
  return (
    <Typography className="wallet-html-content">
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: operator HTML, cleaned by the server where it is stored */}
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
