import { type SlipNoteCode, slipNoteReasons } from '@wallet/contract/errors';
import { i18n } from '../../../../lib/i18n';

export const slipNoteCodes = Object.keys(slipNoteReasons) as SlipNoteCode[];

export const isSlipNoteCode = (note: string): note is SlipNoteCode => note in slipNoteReasons;

/**
 * A verifier's note as the member reads it on the slip (the member app's `slipNote` words), with
 * its code: several codes read the same to the member, staff want to know which.
 */
export function slipNoteText(note: string): string {
  if (!isSlipNoteCode(note)) return note || '—';
  return `${i18n.t(`slipNote.${slipNoteReasons[note]}`)} (${note})`;
}
