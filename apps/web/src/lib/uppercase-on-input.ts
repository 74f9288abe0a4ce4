import type { ChangeEvent } from 'react';

/**
 * The spec's validation rules: account-name inputs are uppercased as the member types. The caret is put
 * back where it was so editing in the middle of a name does not jump to the end.
 */
export function uppercaseOnInput<E extends ChangeEvent<HTMLInputElement>>(event: E): E {
  const input = event.target;
  const upper = input.value.toUpperCase();
  if (upper !== input.value) {
    const { selectionStart, selectionEnd } = input;
    input.value = upper;
    input.setSelectionRange(selectionStart, selectionEnd);
  }
  return event;
}
