import { NumberInput } from '@mantine/core';
import {
  type Control,
  type FieldPathByValue,
  type FieldValues,
  useController,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldErrorText } from '../../../../lib/errors';

type NumberFieldProps<T extends FieldValues, Output> = {
  control: Control<T, unknown, Output>;
  name: FieldPathByValue<T, number>;
  label: string;
  description?: string | undefined;
  /** What the contract takes: from `min` to `max`, whole unless `decimals` says otherwise. */
  min: number;
  max: number;
  decimals?: number;
  /** The unit after the figure (" %", " ×"). */
  suffix?: string;
  disabled?: boolean;
  /** The box's accessible name where its label is not shown (a table's cell). */
  ariaLabel?: string;
  hideLabel?: boolean;
};

/**
 * A count or a rate of a promotions form (not money: that is the money box): its refusal says
 * what the contract takes. An empty box hands '' to the form, which the contract refuses.
 */
export function NumberField<T extends FieldValues, Output>({
  control,
  name,
  label,
  description,
  min,
  max,
  decimals = 0,
  suffix,
  disabled = false,
  ariaLabel,
  hideLabel = false,
}: NumberFieldProps<T, Output>) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control, name });
  const message = fieldState.error?.message;
  const range = t(
    decimals > 0
      ? 'backoffice.promotions.fields.rangeDecimal'
      : 'backoffice.promotions.fields.range',
    { min, max, decimals },
  );
  return (
    <NumberInput
      label={hideLabel ? undefined : label}
      aria-label={ariaLabel ?? (hideLabel ? label : undefined)}
      description={description}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      min={min}
      max={max}
      decimalScale={decimals}
      allowDecimal={decimals > 0}
      allowNegative={min < 0}
      suffix={suffix}
      hideControls
      disabled={disabled}
      error={message === 'KEY_INVALID' ? range : fieldErrorText(message)}
    />
  );
}
