import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { BonusCodeParamsSchema } from './bonus';
import {
  ChatHistoryRequestSchema,
  ChatReadRequestSchema,
  ChatSendRequestSchema,
  JoinRequestSchema,
} from './chat';
import {
  QrcodeIdParamsSchema,
  QrProviderParamsSchema,
  qrCreateSchema,
  SlipUploadFieldsSchema,
  TruelinkFormSchema,
  TruelinkRequestSchema,
} from './deposit';
import { isErrorCode } from './errors';
import { AutoLoginParamsSchema, GameAccountFormSchema, GameParamsSchema } from './games';
import { IdempotencyHeadersSchema } from './idempotency';
import { PromotionCodeParamsSchema } from './promotion';
import {
  SandboxBankTransferSchema,
  SandboxFaultSchema,
  SandboxGameRoundParamsSchema,
  SandboxGameRoundSchema,
  SandboxQrPayParamsSchema,
  SandboxServiceSchema,
  SandboxSettingsSchema,
  SandboxSettleSchema,
  SandboxSlipSchema,
  SandboxTruelinkSchema,
} from './sandbox';
import { CouponClaimRequestSchema } from './spin';
import { SlipReferenceParamsSchema } from './statement';
import {
  AddRequestSchema,
  TransferAllRequestSchema,
  TransferRequestSchema,
  WithdrawRequestSchema,
  withdrawSchema,
} from './wallet';

/**
 * architecture.md: a rule's message is a catalogue code or an i18n key (it has a dot), so the
 * server can answer a code and the web app can translate it. Every request schema of the new
 * domains is fed missing, wrongly typed and malformed fields, and every message is checked.
 */
const requestSchemas: Record<string, z.ZodType> = {
  BonusCodeParamsSchema,
  ChatHistoryRequestSchema,
  ChatReadRequestSchema,
  ChatSendRequestSchema,
  JoinRequestSchema,
  QrcodeIdParamsSchema,
  QrProviderParamsSchema,
  qrCreateSchema: qrCreateSchema('WW', {
    qrMin: { KBANK: 1, WW: 100, PAYONEX: 100, PAYTIMZ: 10 },
    qrMax: { KBANK: 100_000, WW: 100_000, PAYONEX: 100_000, PAYTIMZ: 100_000 },
    depositMax: 100_000,
  }),
  SlipUploadFieldsSchema,
  TruelinkFormSchema,
  TruelinkRequestSchema,
  AutoLoginParamsSchema,
  GameAccountFormSchema,
  GameParamsSchema,
  IdempotencyHeadersSchema,
  PromotionCodeParamsSchema,
  SandboxBankTransferSchema,
  SandboxFaultSchema,
  SandboxGameRoundParamsSchema,
  SandboxGameRoundSchema,
  SandboxQrPayParamsSchema,
  SandboxServiceSchema,
  SandboxSettingsSchema,
  SandboxSettleSchema,
  SandboxSlipSchema,
  SandboxTruelinkSchema,
  CouponClaimRequestSchema,
  SlipReferenceParamsSchema,
  AddRequestSchema,
  TransferAllRequestSchema,
  TransferRequestSchema,
  WithdrawRequestSchema,
  withdrawSchema: withdrawSchema({ withdrawMin: 100, withdrawMax: 1000 }),
};

const fields = `from to amount link coupon userId guestId limit skip username name deviceToken
  page code game provider password reference qrcodeId bankCode accountNo phoneNumber event
  fromAccountNo toAccountNo transferredAt bet win status target mode terminated registerOTP
  enableChatWidget room idempotency-key`.split(/\s+/);

const everyField = (value: unknown) => Object.fromEntries(fields.map((f) => [f, value]));

// Bodies that are not objects are the server's body parser's to refuse, not a field rule.
const badInputs: unknown[] = [
  {},
  everyField({ nested: true }),
  everyField(''),
  everyField('   '),
  everyField(-1.005),
  everyField('x'.repeat(3000)),
  everyField(Number.NaN),
  {
    guestId: 'not-a-uuid',
    message: { message_type: 'text', payload: { message: 5 }, deliver: { id: 5 } },
  },
  {
    userId: '7',
    username: 5,
    name: 5,
    deviceToken: 5,
    message: { message_type: 'media', payload: { fileType: 'pdf', filePath: 5, name: 5 } },
  },
  { userId: '7', message: { message_type: 'postback', payload: { title: 5, message: 5 } } },
  { userId: '7', message: { message_type: 'generic' } },
];

const isCodeOrKey = (message: string) => isErrorCode(message) || /^[a-z]\w*(\.\w+)+$/.test(message);

describe('every rule message of the request schemas', () => {
  it.each(Object.entries(requestSchemas))(
    'of %s is a catalogue code or an i18n key',
    (_, schema) => {
      const messages = badInputs.flatMap(
        (input) => schema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [],
      );
      expect(messages.length).toBeGreaterThan(0);
      expect(messages.filter((message) => !isCodeOrKey(message))).toEqual([]);
    },
  );
});
