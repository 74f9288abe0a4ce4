import { useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { showSuccessAlert } from '../../../../lib/alerts';
import { isApiError } from '../../../../lib/api-error';
import { fieldErrorText } from '../../../../lib/errors';
import { showDeskError } from '../../fresh-code';

/*
 * What the promotions' forms share: every refusal of a part of a text or a list shows once
 * beside that part, a refusal of the server under its field, and every save waits for a reason.
 */

/** The first message of a field or of anything inside it (a text's languages, a list's rows). */
export function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { message } = error as { message?: unknown };
  if (typeof message === 'string' && message) return message;
  for (const inner of Object.values(error)) {
    const found = typeof inner === 'object' ? firstMessage(inner) : undefined;
    if (found) return found;
  }
  return undefined;
}

/** The words for the first refusal in `error` (a field, or a text's or a list's parts). */
export const refusalText = (error: unknown) => fieldErrorText(firstMessage(error));

/**
 * Puts the server's refusal of one field (`field`, the request body's path) under that field:
 * `prefix` is what the body wraps the form's values in (`wheel.`, `rules.`). True when it did;
 * the form shows every field's refusals, so any field of the form will do.
 */
export function refusalOnField<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: readonly string[],
  prefix = '',
) {
  return (error: unknown): boolean => {
    if (!isApiError(error) || !error.field?.startsWith(prefix)) return false;
    const path = error.field.slice(prefix.length);
    if (!fields.includes(path.split('.')[0] ?? '')) return false;
    // The server names a path of the very values the form sent.
    setError(path as Path<T>, { message: error.code });
    return true;
  };
}

type ReasonedSave<T> = {
  /** Sends the checked values with the reason. */
  save: (values: T, reason: string) => Promise<unknown>;
  /** Says a refusal under its field instead of in a toast; true when it did. */
  onRefusal: (error: unknown) => boolean;
  /** The toast once saved. */
  saved: string;
};

/**
 * The reason dialog of a promotions form (the one ReasonModal): the checked values wait in it
 * until staff say why. A refusal of one field closes it and shows under the field; any other
 * refusal is a toast, and the dialog stays for another try.
 */
export function useReasonedSave<T>({ save, onRefusal, saved }: ReasonedSave<T>) {
  const [checked, setChecked] = useState<T | null>(null);
  const confirm = async (reason: string) => {
    if (checked === null) return;
    try {
      await save(checked, reason);
      setChecked(null);
      showSuccessAlert(saved);
    } catch (error) {
      if (onRefusal(error)) {
        setChecked(null);
        return;
      }
      showDeskError(error);
      throw error;
    }
  };
  return { checked, ask: setChecked, cancel: () => setChecked(null), confirm };
}
