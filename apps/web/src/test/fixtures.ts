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
