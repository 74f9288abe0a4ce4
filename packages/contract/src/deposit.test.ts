import { describe, expect, it } from 'vitest';
import {
  canCreateQr,
  checkSlipFile,
  QrcodeStateSchema,
  QrProviderParamsSchema,
  qrAmountFormSchema,
  qrCreateSchema,
  qrMaximum,
  qrMinimum,
  qrProviderOf,
  qrQuickAmountsFor,
  SlipUploadFieldsSchema,
  TruelinkFormSchema,
  TruelinkRequestSchema,
} from './deposit';

describe('a deposit account', () => {
  it('is a QR flow for KBANK in auto mode and for the payment providers', () => {
    expect(qrProviderOf({ bankCode: 'KBANK', mode: 'AUTO' })).toBe('KBANK');
    expect(qrProviderOf({ bankCode: 'WW', mode: 'AUTO' })).toBe('WW');
    expect(qrProviderOf({ bankCode: 'PAYTIMZ', mode: 'MANUAL' })).toBe('PAYTIMZ');
    expect(qrProviderOf({ bankCode: 'PAYONEX', mode: 'AUTO' })).toBe('PAYONEX');
  });

  it('is a bank account to copy otherwise', () => {
    expect(qrProviderOf({ bankCode: 'KBANK', mode: 'MANUAL' })).toBeNull();
    expect(qrProviderOf({ bankCode: 'SCB', mode: 'AUTO' })).toBeNull();
    expect(qrProviderOf({ bankCode: 'BCEL', mode: 'MANUAL' })).toBeNull();
  });
});

describe('creating a QR', () => {
  // The baht rules as GET /api/lookup/withdraw answers them from the seed, and the kip ones.
  const baht = {
    qrMin: { KBANK: 1, WW: 100, PAYONEX: 100, PAYTIMZ: 10 },
    qrMax: { KBANK: 100_000, WW: 100_000, PAYONEX: 100_000, PAYTIMZ: 100_000 },
    depositMax: 100_000,
  };
  const kip = {
    qrMin: { KBANK: 1000, WW: 50_000, PAYONEX: 50_000, PAYTIMZ: 5000 },
    qrMax: { KBANK: 60_000_000, WW: 60_000_000, PAYONEX: 60_000_000, PAYTIMZ: 60_000_000 },
    depositMax: 60_000_000,
  };

  it('is enabled above 0 for KBANK and from the provider minimum for the others', () => {
    expect(canCreateQr('KBANK', 0.5, baht)).toBe(true);
    expect(canCreateQr('KBANK', 0, baht)).toBe(false);
    expect(canCreateQr('WW', 99.99, baht)).toBe(false);
    expect(canCreateQr('WW', 100, baht)).toBe(true);
    expect(canCreateQr('PAYONEX', 100, baht)).toBe(true);
    expect(canCreateQr('PAYTIMZ', 9, baht)).toBe(false);
    expect(canCreateQr('PAYTIMZ', Number.NaN, baht)).toBe(false);
  });

  it('is disabled above the largest deposit of the currency, and holds kip to kip figures', () => {
    expect(canCreateQr('KBANK', 100_000.01, baht)).toBe(false);
    expect(canCreateQr('WW', 1_000_000, baht)).toBe(false);
    expect(canCreateQr('WW', 1_000_000, kip)).toBe(true);
    expect(canCreateQr('WW', 100, kip)).toBe(false);
    const [issue] =
      qrCreateSchema('KBANK', baht).safeParse({ amount: 100_001 }).error?.issues ?? [];
    expect(issue).toMatchObject({ path: ['amount'], message: 'deposit.qrMaximumMsg' });
  });

  it("is disabled above the provider's own maximum, which never exceeds the largest deposit", () => {
    const capped = { ...baht, qrMax: { ...baht.qrMax, WW: 500, PAYONEX: 200_000 } };
    expect(qrMaximum('WW', capped)).toBe(500);
    expect(qrMaximum('PAYONEX', capped)).toBe(100_000);
    expect(canCreateQr('WW', 500, capped)).toBe(true);
    expect(canCreateQr('WW', 500.01, capped)).toBe(false);
    expect(canCreateQr('KBANK', 500.01, capped)).toBe(true);
    const [issue] = qrCreateSchema('WW', capped).safeParse({ amount: 501 }).error?.issues ?? [];
    expect(issue).toMatchObject({ path: ['amount'], message: 'deposit.qrMaximumMsg' });
  });

  it('never goes below 1, whatever the provider', () => {
    expect(qrMinimum('KBANK', baht)).toBe(1);
    const [issue] = qrCreateSchema('KBANK', baht).safeParse({ amount: 0.5 }).error?.issues ?? [];
    expect(issue).toMatchObject({ path: ['amount'], message: 'deposit.qrMinimumMsg' });
    expect(qrCreateSchema('KBANK', baht).parse({ amount: 1 })).toEqual({ amount: 1 });
  });

  it('reads an empty amount box as 0, refused as below the minimum, and sends what was typed', () => {
    const [issue] = qrAmountFormSchema('WW', baht).safeParse({ amount: '' }).error?.issues ?? [];
    expect(issue).toMatchObject({ path: ['amount'], message: 'deposit.qrMinimumMsg' });
    expect(qrAmountFormSchema('WW', baht).parse({ amount: 200 })).toEqual({ amount: 200 });
  });

  it('refuses less than the provider minimum', () => {
    expect(qrCreateSchema('WW', baht).safeParse({ amount: 99 }).error?.issues[0]?.message).toBe(
      'deposit.qrMinimumMsg',
    );
    expect(qrCreateSchema('WW', baht).safeParse({ amount: 100 }).success).toBe(true);
  });

  it('puts a PAYTIMZ minimum set by the build first among the baht buttons', () => {
    const options = { paytimzMinimum: 30 };
    expect(qrQuickAmountsFor('PAYTIMZ', 'BAHT', options)).toEqual([30, 50, 100, 500, 1000]);
    expect(qrQuickAmountsFor('PAYTIMZ', 'LAK', options)[0]).toBe(10_000);
    expect(qrQuickAmountsFor('WW', 'BAHT', options)[0]).toBe(100);
  });

  it('takes the provider in a path in any case, and only the QR providers', () => {
    expect(QrProviderParamsSchema.parse({ provider: 'paytimz' })).toEqual({ provider: 'PAYTIMZ' });
    expect(QrProviderParamsSchema.safeParse({ provider: 'SCB' }).success).toBe(false);
  });
});

describe('the QR state', () => {
  it('has an image, amount and expiry when there is a QR', () => {
    const live = {
      hasQrcode: true,
      qrcodeId: 'q1',
      qrcode: 'data:image/png;base64,AAAA',
      amount: 100,
      expireIn: 599,
    };
    expect(QrcodeStateSchema.parse(live)).toEqual(live);
  });

  it('never carries markup in place of an image', () => {
    const markup = {
      hasQrcode: true,
      qrcodeId: 'q1',
      qrcode: '<img src=x onerror=alert(1)>',
      amount: 100,
      expireIn: 60,
    };
    expect(QrcodeStateSchema.safeParse(markup).success).toBe(false);
  });

  it('may carry only a message when there is none', () => {
    expect(QrcodeStateSchema.parse({ hasQrcode: false, message: 'QR_FAIL' })).toEqual({
      hasQrcode: false,
      message: 'QR_FAIL',
    });
  });
});

describe('a gift link', () => {
  it('cannot be sent empty', () => {
    expect(TruelinkFormSchema.safeParse({ link: '  ' }).error?.issues[0]?.message).toBe(
      'KEY_MISSING',
    );
  });

  it('travels as base64 ciphertext only', () => {
    expect(TruelinkRequestSchema.safeParse({ link: 'QUJDRA==' }).success).toBe(true);
    for (const link of ['https://gift.example/v=abc', 'QUJDRA=', 'A'.repeat(2052)]) {
      expect(TruelinkRequestSchema.safeParse({ link }).error?.issues[0]?.message).toBe(
        'KEY_INVALID',
      );
    }
  });
});

describe('a slip upload', () => {
  const MB = 1024 * 1024;

  it('takes a PNG or JPEG within the size limit', () => {
    expect(checkSlipFile({ type: 'image/png', size: MB }, 5)).toBeNull();
    expect(checkSlipFile({ type: 'IMAGE/JPEG', size: 5 * MB }, 5)).toBeNull();
  });

  it('without a file is SLIP_NO_FILE', () => {
    expect(checkSlipFile(null, 5)).toBe('SLIP_NO_FILE');
  });

  it('of another type, an empty file or a file too large is SLIP_INVALID_FILE', () => {
    expect(checkSlipFile({ type: 'application/pdf', size: MB }, 5)).toBe('SLIP_INVALID_FILE');
    expect(checkSlipFile({ type: 'image/png', size: 0 }, 5)).toBe('SLIP_INVALID_FILE');
    expect(checkSlipFile({ type: 'image/png', size: 5 * MB + 1 }, 5)).toBe('SLIP_INVALID_FILE');
  });

  it('reads the optional text fields of the form, empty ones as absent', () => {
    expect(SlipUploadFieldsSchema.parse({ amount: '150.50', transferredAt: '' })).toEqual({
      amount: 150.5,
      transferredAt: undefined,
    });
    expect(SlipUploadFieldsSchema.parse({})).toEqual({});
    expect(
      SlipUploadFieldsSchema.parse({ transferredAt: '2026-03-01T10:00:00+07:00' }).transferredAt,
    ).toBe('2026-03-01T10:00:00+07:00');
  });

  it('refuses a malformed amount or time', () => {
    expect(SlipUploadFieldsSchema.safeParse({ amount: 'ten' }).error?.issues[0]?.message).toBe(
      'KEY_INVALID',
    );
    expect(SlipUploadFieldsSchema.safeParse({ amount: '1.005' }).success).toBe(false);
    expect(
      SlipUploadFieldsSchema.safeParse({ transferredAt: 'yesterday' }).error?.issues[0]?.message,
    ).toBe('KEY_INVALID');
  });
});
