import type { ProfileResponse } from '@wallet/contract/account';

/** The member most web tests sign in as: `{ profile, bankAccount }` as the server answers. */
export const memberProfile: ProfileResponse = (() => {
  const bank = { code: 'SCB', nameTH: 'ไทยพาณิชย์', nameEN: 'Siam Commercial Bank' };
  return {
    profile: {
      _id: 3,
      name: 'Malee',
      username: '0811111111',
      coin: 0,
      createdAt: '2024-01-01T00:00:00.000Z',
      bankCode: 'SCB',
      bankAccountName: 'MALEE',
      bankAccountNo: '1112223334',
      bank,
      currency: 'BAHT',
      inviteCode: 'PR3',
    },
    bankAccount: { bankAccountName: 'MALEE', bankAccountNo: '1112223334', bank },
  };
})();

const slot = (code: string, category: string, amount: number, isActive = true) => ({
  code,
  name: code,
  logo: '',
  amount,
  isActive,
  category,
  maintenance: false,
});

/** `GET /api/wallet` for `memberProfile`: 100.10 in the wallet, 150.35 in all. */
export const walletAnswer = {
  ...memberProfile,
  wallet: { amount: 100.1, cash: 90.1, bonus: 10 },
  invite: { amount: 25, success: 5, fail: 3 },
  slots: [
    slot('PG', 'slot', 0.2),
    slot('UFABET', 'sport', 50.05),
    slot('HUAYHD', 'lotto', 0, false),
  ],
};

/** `GET /api/lookup/withdraw` for a baht member: the seed's baht rules (issue 30). */
export const bahtLimits = {
  withdrawMin: 100,
  withdrawMax: 50_000,
  currency: 'BAHT' as const,
  transferMin: 1,
  giftLinkMin: 2,
  qrMin: { KBANK: 1, WW: 100, PAYONEX: 100, PAYTIMZ: 10 },
  qrMax: { KBANK: 100_000, WW: 100_000, PAYONEX: 100_000, PAYTIMZ: 100_000 },
  depositMax: 100_000,
};

/** The same for a kip member: the seed's kip rules. */
export const kipLimits = {
  withdrawMin: 50_000,
  withdrawMax: 30_000_000,
  currency: 'LAK' as const,
  transferMin: 1000,
  giftLinkMin: 1000,
  qrMin: { KBANK: 1000, WW: 50_000, PAYONEX: 50_000, PAYTIMZ: 5000 },
  qrMax: { KBANK: 60_000_000, WW: 60_000_000, PAYONEX: 60_000_000, PAYTIMZ: 60_000_000 },
  depositMax: 60_000_000,
};
