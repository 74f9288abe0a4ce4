import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/**
 * A form's refusal, under the form: the server's translated answer. /login shows it only after
 * a submit, so it loads it lazily.
 */
export function FormAlert({ message }: { message: string }) {
  return (
    <Alert
      role="alert"
      color="red"
      variant="light"
      icon={<IconAlertCircle size={18} aria-hidden />}
    >
      {message}
    </Alert>
  );
}
