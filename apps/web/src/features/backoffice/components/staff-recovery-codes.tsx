import { Alert, Button, Stack, Title } from '@mantine/core';
import { IconAlertTriangle, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../lib/clipboard';
import { classes } from './classes';

type StaffRecoveryCodesProps = { codes: string[]; onContinue: () => void };

/**
 * The recovery codes of an authenticator just confirmed. The server hands them out this once,
 * so staff saves them before going on; nothing in the browser keeps them.
 */
export function StaffRecoveryCodes({ codes, onContinue }: StaffRecoveryCodesProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Title order={2} size="h4" id="staff-recovery-codes">
        {t('backoffice.login.codes.title')}
      </Title>
      <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
        {t('backoffice.login.codes.text')}
      </Alert>
      <ol className={classes.recoveryCodes} aria-labelledby="staff-recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <Button
        variant="default"
        leftSection={<IconCopy size={16} aria-hidden />}
        onClick={() => void copyText(codes.join('\n'))}
      >
        {t('backoffice.login.codes.copy')}
      </Button>
      <Button size="md" fullWidth onClick={onContinue}>
        {t('backoffice.login.codes.continue')}
      </Button>
    </Stack>
  );
}
