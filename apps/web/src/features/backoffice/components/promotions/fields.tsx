import { Button, Group, Paper, Select, Switch } from '@mantine/core';
import { IconArrowBackUp, IconDeviceFloppy } from '@tabler/icons-react';
import { currencies } from '@wallet/contract/constants';
import type { ReactNode } from 'react';
import {
  type Control,
  type FieldPathByValue,
  type FieldValues,
  useController,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldErrorText } from '../../../../lib/errors';

type SwitchFieldProps<T extends FieldValues, Output> = {
  control: Control<T, unknown, Output>;
  name: FieldPathByValue<T, boolean>;
  label: string;
};

/** An on and off of a promotions form, level with the boxes of its row. */
export function SwitchField<T extends FieldValues, Output>({
  control,
  name,
  label,
}: SwitchFieldProps<T, Output>) {
  const { field } = useController({ control, name });
  return (
    <Switch
      mt={30}
      label={label}
      checked={field.value}
      onChange={(event) => field.onChange(event.currentTarget.checked)}
      onBlur={field.onBlur}
    />
  );
}

type ChoiceFieldProps<T extends FieldValues, Output, V extends string> = {
  control: Control<T, unknown, Output>;
  name: FieldPathByValue<T, V>;
  label: string;
  description?: string | undefined;
  /** Each choice and its words. */
  options: readonly { value: V; label: string }[];
  disabled?: boolean;
  /** After the form took the choice (a prize of nothing sets its amount to 0). */
  onPicked?: (value: V) => void;
};

/** One of a few fixed choices of a promotions form (a currency, a kind, a period). */
export function ChoiceField<T extends FieldValues, Output, V extends string>({
  control,
  name,
  label,
  description,
  options,
  disabled = false,
  onPicked,
}: ChoiceFieldProps<T, Output, V>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <Select
      label={label}
      description={description}
      disabled={disabled}
      allowDeselect={false}
      // Above a dialog's own layer, where the bonus's form stands.
      comboboxProps={{ withinPortal: true, zIndex: 1000 }}
      data={options.map((option) => ({ ...option }))}
      value={field.value}
      onChange={(value) => {
        const picked = options.find((option) => option.value === value)?.value;
        if (picked === undefined) return;
        field.onChange(picked);
        onPicked?.(picked);
      }}
      onBlur={field.onBlur}
      error={fieldErrorText(fieldState.error?.message)}
    />
  );
}

/** The currencies to choose from, in the desk's words. */
export function useCurrencyOptions() {
  const { t } = useTranslation();
  return currencies.map((currency) => ({
    value: currency,
    label: t(`backoffice.currencies.${currency}`),
  }));
}

type SaveBarProps = {
  /** Something was changed: there is something to undo and to save. */
  dirty: boolean;
  /** Whether the change may be saved as it stands (the wheel's chances add up to 100 %). */
  ready?: boolean;
  onUndo: () => void;
  /** The submit button's verb and icon, Save and a floppy unless the form publishes. */
  submit?: string;
  icon?: ReactNode;
};

/** The last row of a promotions form on the page: undo what was typed, or save it. */
export function SaveBar({ dirty, ready = true, onUndo, submit, icon }: SaveBarProps) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="sm">
      <Group justify="flex-end" gap="sm">
        <Button
          variant="default"
          leftSection={<IconArrowBackUp size={16} aria-hidden />}
          disabled={!dirty}
          onClick={onUndo}
        >
          {t('backoffice.promotions.undo')}
        </Button>
        <Button
          type="submit"
          leftSection={icon ?? <IconDeviceFloppy size={16} aria-hidden />}
          disabled={!dirty || !ready}
        >
          {submit ?? t('common.save')}
        </Button>
      </Group>
    </Paper>
  );
}
