import { zodResolver } from '@hookform/resolvers/zod';
import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import {
  type Control,
  Controller,
  type DefaultValues,
  type FieldErrors,
  type Path,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { FormActions } from '../../../components/ui/form-actions';
import { MoneyInput } from '../../../components/ui/money-input';
import { fieldErrorText } from '../../../lib/errors';
import { useIdempotentAction } from '../../../lib/idempotency';

type AmountValues = { amount: number | '' };

type MoneyMoveFormProps<Values extends AmountValues, Body, Answer> = {
  /** The form's schema over the contract's request schema (money-forms.ts). */
  schema: z.ZodType<Body, Values>;
  defaultValues: DefaultValues<Values>;
  amountLabel: string;
  amountDescription?: string;
  /** The `{min}`, `{max}` and `{unit}` of the amount's refusals (fieldErrorText). */
  bounds: Record<string, string>;
  submitLabel: string;
  pending: boolean;
  /** Sends the checked request under its idempotency key (a retry of the same body reuses it). */
  send: (body: Body, idempotencyKey: string) => Promise<Answer>;
  /** After the answer, once the modal is closed: the success words. */
  onDone: (answer: Answer) => void;
  /** A refusal or a failure, the form left as it was (the spec's error catalogue says how it reads). */
  onFailure: (error: unknown) => void;
  onClose: () => void;
  /** What the form shows above the amount (the transfer's account sliders). */
  head?: (control: Control<Values, unknown, Body>, errors: FieldErrors<Values>) => ReactNode;
};

/**
 * The form of a money move out of the wallet (the spec's screens: transfer and withdraw): what
 * `head` adds, the amount, cancel and submit. One zod schema checks it (STYLE.md), so a refused
 * amount reads beside the box before anything is sent.
 */
export function MoneyMoveForm<Values extends AmountValues, Body, Answer>({
  schema,
  defaultValues,
  amountLabel,
  amountDescription,
  bounds,
  submitLabel,
  pending,
  send,
  onDone,
  onFailure,
  onClose,
  head,
}: MoneyMoveFormProps<Values, Body, Answer>) {
  const idempotent = useIdempotentAction();
  const {
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<Values, unknown, Body>({ resolver: zodResolver(schema), defaultValues });

  const onSubmit = handleSubmit(async (body) => {
    try {
      const answer = await idempotent(body, (idempotencyKey) => send(body, idempotencyKey));
      onClose();
      onDone(answer);
    } catch (error) {
      onFailure(error);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {head?.(control, errors)}
        <Controller
          control={control}
          name={'amount' as Path<Values>}
          render={({ field }) => (
            <MoneyInput
              label={amountLabel}
              description={amountDescription}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldErrorText(errors.amount?.message as string | undefined, bounds)}
            />
          )}
        />
        <FormActions onCancel={onClose} submitLabel={submitLabel} pending={pending} />
      </Stack>
    </form>
  );
}
