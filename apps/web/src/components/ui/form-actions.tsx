import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A modal form's last row: cancel, then the form's submit (its label, spinning while it sends). */
export function FormActions({
  onCancel,
  submitLabel,
  submitColor,
  pending,
}: {
  onCancel: () => void;
  /** The form's own verb; 'Save' when it saves. */
  submitLabel?: string;
  /** 'red' where submitting is dangerous (closing the service to every member). */
  submitColor?: string | undefined;
  pending: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" color={submitColor} loading={pending}>
        {submitLabel ?? t('common.save')}
      </Button>
    </Group>
  );
}
