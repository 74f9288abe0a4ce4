import { Button, Group, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

type FailedDeliveryProps = {
  /** Why it failed, in the screen's words. */
  reason: string;
  retryLabel: string;
  discardLabel: string;
  onRetry: () => void;
  onDiscard: () => void;
  /** Announced at once (the staff's screen, where a reply failing must not go unseen). */
  announce?: boolean;
};

/** Under a message that did not go: why, send it again (same delivery id) or drop it. */
export function FailedDelivery({
  reason,
  retryLabel,
  discardLabel,
  onRetry,
  onDiscard,
  announce = false,
}: FailedDeliveryProps) {
  return (
    <>
      <Group gap={4} wrap="nowrap" c="red.4" role={announce ? 'alert' : undefined}>
        <IconAlertCircle size={14} aria-hidden />
        <Text size="xs">{reason}</Text>
      </Group>
      <Group gap="xs">
        <Button size="compact-xs" variant="light" onClick={onRetry}>
          {retryLabel}
        </Button>
        <Button size="compact-xs" variant="subtle" color="gray" onClick={onDiscard}>
          {discardLabel}
        </Button>
      </Group>
    </>
  );
}
