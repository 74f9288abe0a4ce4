import { type StaffOutgoingMessage, StaffOutgoingMessageSchema } from '@wallet/contract/backoffice';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { webHref } from '../../components/chat/chat-messages';

/**
 * The composer's form: a text, and optionally quick-reply choices or buttons under it. What it
 * sends is checked by the contract's StaffOutgoingMessageSchema, the server's own rule, plus
 * what only makes sense in a browser (a link button needs a link that opens, a call button a
 * phone number).
 */
export type ComposerExtra = 'none' | 'quick_replies' | 'buttons';
export type ComposerButtonType = 'web' | 'call' | 'postback';
export type ComposerButton = { type: ComposerButtonType; title: string; payload: string };

export type ComposerValues = {
  text: string;
  extra: ComposerExtra;
  choices: { title: string }[];
  buttons: ComposerButton[];
};

export const emptyComposer: ComposerValues = { text: '', extra: 'none', choices: [], buttons: [] };

/** The contract's limits (contract/backoffice.ts). */
export const MAX_QUICK_REPLIES = 10;
export const MAX_BUTTONS = 3;

/** Digits with an optional leading +, spaces and dashes: what a `tel:` link can dial. */
const PHONE = /^\+?\d[\d\s-]{2,19}$/;

/** The message the values describe, before the contract's check. */
export function buildOutgoingMessage(
  values: ComposerValues,
): z.input<typeof StaffOutgoingMessageSchema> {
  const message = values.text;
  if (values.extra === 'quick_replies') {
    // A choice posts its own title back: what the customer tapped is what staff reads.
    const buttons = values.choices.map(({ title }) => ({
      type: 'postback' as const,
      title,
      payload: title.trim(),
    }));
    return { message_type: 'quick_replies', payload: { message, buttons } };
  }
  if (values.extra === 'buttons') {
    const buttons = values.buttons.map((button) => ({
      type: button.type,
      title: button.title,
      // A reply button without its own payload posts its title back, as a choice does.
      payload:
        button.type === 'postback'
          ? button.payload.trim() || button.title.trim()
          : button.payload.trim(),
    }));
    return { message_type: 'buttons', payload: { message, buttons } };
  }
  return { message_type: 'text', payload: { message } };
}

type Problem = { field: string; message: string };

/** The contract's words for a chat text, in the back office's own keys. */
const textMessages: Record<string, string> = {
  'chat.emptyMsg': 'backoffice.composer.textRequired',
  'chat.tooLongMsg': 'backoffice.composer.textTooLong',
};

/** Where a problem of the built message shows in the form. */
function fieldOf(path: PropertyKey[], extra: ComposerExtra): string {
  const [, key, index, leaf] = path;
  if (key === 'message') return 'text';
  if (key === 'buttons') {
    const list = extra === 'quick_replies' ? 'choices' : 'buttons';
    if (typeof index !== 'number') return `${list}.root`;
    if (extra === 'quick_replies') return `choices.${index}.title`;
    return `buttons.${index}.${leaf === 'payload' ? 'payload' : 'title'}`;
  }
  return 'text';
}

function browserProblems(values: ComposerValues): Problem[] {
  if (values.extra !== 'buttons') return [];
  const problems: Problem[] = [];
  values.buttons.forEach((button, index) => {
    const field = `buttons.${index}.payload`;
    const value = button.payload.trim();
    if (button.type === 'web' && webHref(value) === null) {
      problems.push({ field, message: 'backoffice.buttons.linkInvalid' });
    } else if (button.type === 'call' && !PHONE.test(value)) {
      problems.push({ field, message: 'backoffice.buttons.phoneInvalid' });
    }
  });
  return problems;
}

function toErrors(problems: Problem[]): FieldErrors<ComposerValues> {
  const errors: Record<string, unknown> = {};
  for (const { field, message } of problems) {
    const keys = field.split('.');
    let node = errors;
    keys.slice(0, -1).forEach((key, i) => {
      const next = keys[i + 1] ?? '';
      node[key] ??= /^\d+$/.test(next) ? [] : {};
      node = node[key] as Record<string, unknown>;
    });
    const leaf = keys.at(-1) ?? field;
    node[leaf] ??= { type: 'validate', message };
  }
  return errors as FieldErrors<ComposerValues>;
}

/** react-hook-form's resolver: the form's values in, a contract-valid message out. */
export const composerResolver: Resolver<ComposerValues, unknown, StaffOutgoingMessage> = async (
  values,
) => {
  const built = StaffOutgoingMessageSchema.safeParse(buildOutgoingMessage(values));
  const problems: Problem[] = built.success
    ? []
    : built.error.issues.map((issue) => ({
        field: fieldOf(issue.path, values.extra),
        message: textMessages[issue.message] ?? issue.message,
      }));
  problems.push(...browserProblems(values));
  if (built.success && problems.length === 0) return { values: built.data, errors: {} };
  return { values: {}, errors: toErrors(problems) };
};
