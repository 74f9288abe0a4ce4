import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** The refusal under the login form: only ever shown after a submit, so it loads lazily. */
export function LoginAlert({ message }: { message: string }) {
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
