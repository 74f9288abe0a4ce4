import { AmountInputSchema } from '@wallet/contract/money';
import { WheelSettingSchema, WheelSliceSettingSchema } from '@wallet/contract/promotion-settings';
import { z } from 'zod';

/**
 * The wheel's form: the contract's WheelSettingSchema, after the money boxes (the deposit per
 * coin, each slice's prize), which hold '' while empty. The contract's own rules then hold as on
 * the server: the chances add up to exactly 100 %, each slice has its own code, a prize of
 * nothing is 0 and a prize is more.
 */
export const WheelFormSchema = z
  .object({
    ...WheelSettingSchema.shape,
    depositPerCoin: AmountInputSchema,
    slices: z.array(z.object({ ...WheelSliceSettingSchema.shape, prizeAmount: AmountInputSchema })),
  })
  .pipe(WheelSettingSchema);
export type WheelInput = z.input<typeof WheelFormSchema>;
export type SliceInput = WheelInput['slices'][number];

/** The contract's least and most slices of a wheel. */
export const SLICES = { min: 2, max: 16 } as const;

/** All the chances together, in hundredths of a percent: 100 % is this. */
export const WHOLE_WHEEL = 10_000;

/**
 * The slices' chances added up in hundredths of a percent, as the contract adds them (so the
 * screen says 100.00 % exactly when the server takes it); a box left empty counts nothing.
 */
export function probabilityTotal(slices: readonly Pick<SliceInput, 'probability'>[]): number {
  return Math.round(
    slices.reduce(
      (sum, slice) => sum + (typeof slice.probability === 'number' ? slice.probability * 100 : 0),
      0,
    ),
  );
}

/** A slice added to the wheel: no prize, no chance until staff give it one. */
export function newSlice(taken: readonly string[]): SliceInput {
  let n = taken.length + 1;
  while (taken.includes(`SLICE${n}`)) n++;
  return {
    code: `SLICE${n}`,
    label: `Slice ${n}`,
    bgColor: '#1d4ed8',
    textColor: '#ffffff',
    htmlDescription: { th: '', la: '', en: '' },
    probability: 0,
    prizeKind: 'none',
    prizeAmount: 0,
  };
}

/** The form's start when no wheel was ever published: off, two empty halves. */
export function firstWheel(): WheelInput {
  const first = newSlice([]);
  const second = newSlice([first.code]);
  return {
    name: '',
    currency: 'BAHT',
    active: false,
    depositPerCoin: '',
    couponDays: 7,
    slices: [
      { ...first, probability: 50 },
      { ...second, probability: 50 },
    ],
  };
}
