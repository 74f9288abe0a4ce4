import { ActionIcon, TextInput } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { copyText } from '../../../lib/clipboard';

type CredentialFieldProps = { label: string; copyLabel: string; value: string };

/** A read-only credential with its copy button ('Copied: {text}' / 'Failed to copy'). */
export function CredentialField({ label, copyLabel, value }: CredentialFieldProps) {
  return (
    <TextInput
      label={label}
      value={value}
      readOnly
      rightSection={
        <ActionIcon variant="subtle" aria-label={copyLabel} onClick={() => void copyText(value)}>
          <IconCopy size={18} aria-hidden />
        </ActionIcon>
      }
    />
  );
}
