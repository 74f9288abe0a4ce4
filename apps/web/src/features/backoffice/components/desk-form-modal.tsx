import { zodResolver } from '@hookform/resolvers/zod';
import { type MantineSize, Stack, Text } from '@mantine/core';
import type { BaseSyntheticEvent, ReactNode } from 'react';
import {
  type Control,
  type DefaultValues,
  type FieldPathByValue,
  type FieldValues,
  useController,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { AppModal } from '../../../components/ui/app-modal';
import { FormActions } from '../../../components/ui/form-actions';
import { MoneyInput } from '../../../components/ui/money-input';
import { showSuccessAlert } from '../../../lib/alerts';
import { fieldErrorText } from '../../../lib/errors';
import { showDeskError } from '../fresh-code';

type DeskFormOptions<Input extends FieldValues> = {
  defaultValues?: DefaultValues<Input>;
  /** The values to start from, taken afresh when they change (another member, another slip). */
  values?: Input;
  onClose: () => void;
};

/**
 * The form of a back-office dialog, checked by the request's own schema (STYLE.md: one schema
 * for the browser and the server). `submit(send)` sends the checked values: done, the dialog
 * closes and `send`'s words show as a toast; refused, a toast says why (a cancelled fresh code
 * says nothing) and what was typed stays for another try. `onError` says it another way and
 * answers true (a refusal of one field, under that field).
 */
export function useDeskForm<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
  { defaultValues, values, onClose }: DeskFormOptions<Input>,
) {
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    ...(defaultValues ? { defaultValues } : {}),
    ...(values ? { values } : {}),
  });

  const close = () => {
    form.reset();
    onClose();
  };

  const submit = (
    send: (values: Output) => Promise<string | undefined>,
    onError?: (error: unknown) => boolean,
  ) =>
    form.handleSubmit(async (checked) => {
      try {
        const done = await send(checked);
        close();
        if (done) showSuccessAlert(done);
      } catch (error) {
        if (!onError?.(error)) showDeskError(error);
      }
    });

  return { ...form, close, submit, pending: form.formState.isSubmitting };
}

type DeskFormModalProps = {
  opened: boolean;
  title: string;
  /** What the action does, and who will read what is typed. */
  text?: ReactNode;
  onClose: () => void;
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  pending: boolean;
  /** The form's own verb; 'Save' when it saves. */
  submitLabel?: string | undefined;
  /** 'red' where the verb is dangerous. */
  submitColor?: string | undefined;
  /** A size of Mantine's, or a width (a form beside its preview). */
  size?: MantineSize | number;
  children: ReactNode;
};

/** A back-office dialog of one form: what it does, its fields, then cancel and its verb. */
export function DeskFormModal({
  opened,
  title,
  text,
  onClose,
  onSubmit,
  pending,
  submitLabel,
  submitColor,
  size,
  children,
}: DeskFormModalProps) {
  return (
    <AppModal opened={opened} onClose={onClose} title={title} {...(size ? { size } : {})}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {text && (
            <Text size="sm" component="div">
              {text}
            </Text>
          )}
          {children}
          <FormActions
            onCancel={onClose}
            submitLabel={submitLabel}
            submitColor={submitColor}
            pending={pending}
          />
        </Stack>
      </form>
    </AppModal>
  );
}

type MoneyFieldProps<T extends FieldValues, Output> = {
  control: Control<T, unknown, Output>;
  /** The field: a number, or '' while the box is empty. */
  name: FieldPathByValue<T, number | ''>;
  /** The money box's label, naming the currency where the form does not. */
  label: string;
  description?: string | undefined;
  /** The words for an amount the form's schema refuses (its KEY_INVALID). */
  invalid: string;
  /** A signed amount (a balance adjustment debits with a minus). */
  signed?: boolean;
  /** The first field of a dialog takes the focus when it opens. */
  autoFocus?: boolean;
};

/** An amount of a back-office form: the one money box, its refusal in words. */
export function MoneyField<T extends FieldValues, Output>({
  control,
  name,
  label,
  description,
  invalid,
  signed = false,
  autoFocus = false,
}: MoneyFieldProps<T, Output>) {
  const { field, fieldState } = useController({ control, name });
  const message = fieldState.error?.message;
  return (
    <MoneyInput
      signed={signed}
      label={label}
      description={description}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      data-autofocus={autoFocus || undefined}
      error={message === 'KEY_INVALID' ? invalid : fieldErrorText(message)}
    />
  );
}

/** The form of a dialog with an amount: what the money box holds ('' while empty). */
type AmountForm = { amount: number | '' };

type AmountFieldProps<T extends AmountForm, Output> = Omit<
  MoneyFieldProps<T, Output>,
  'name' | 'autoFocus'
>;

/** The amount of a desk dialog: the one money box, first in the dialog, its refusal in words. */
export function AmountField<T extends AmountForm, Output>(props: AmountFieldProps<T, Output>) {
  // Every T has `amount`; TypeScript cannot tell a generic T's paths.
  return <MoneyField {...props} name={'amount' as FieldPathByValue<T, number | ''>} autoFocus />;
}
