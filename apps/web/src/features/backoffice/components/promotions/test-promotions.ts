import { within } from '@testing-library/react';
import {
  type BonusSetting,
  BonusSettingSchema,
  type InviteSetting,
  InviteSettingSchema,
  type RefundSetting,
  RefundSettingSchema,
  type WheelSetting,
  WheelSettingSchema,
} from '@wallet/contract/promotion-settings';

/**
 * The promotions as the server answers them (the demo's, apps/server/seed/demo.json), for the
 * screen's tests: each goes through the contract's schema, so a test cannot lean on a shape the
 * server would never send.
 */

const text = (th: string, la: string, en: string) => ({ th, la, en });

export const daily10: BonusSetting = BonusSettingSchema.parse({
  code: 'DAILY10',
  currency: 'BAHT',
  kind: 'listed',
  type: 'day',
  maxReceived: 1,
  percent: 10,
  maxBonus: 200,
  minDeposit: 100,
  turnoverMultiplier: 3,
  percentFail: 10,
  description: text(
    '<p>โบนัสรายวัน 10%</p>',
    '<p>ໂບນັດລາຍວັນ 10%</p>',
    '<p>Daily bonus: 10% up to 200 baht.</p>',
  ),
  banners: [
    {
      image: 'https://cdn.example.com/banner.png',
      html: text(
        '<p><strong>โบนัสรายวัน 10% รับได้ทุกวัน</strong></p>',
        '<p><strong>ໂບນັດລາຍວັນ 10% ຮັບໄດ້ທຸກມື້</strong></p>',
        '<p><strong>Daily bonus 10%, every day</strong></p>',
      ),
    },
  ],
  active: true,
  sortOrder: 1,
});

export const welcomeLak: BonusSetting = BonusSettingSchema.parse({
  ...daily10,
  code: 'WELCOMELAK',
  currency: 'LAK',
  type: 'limit',
  percent: 100,
  maxBonus: 500_000,
  minDeposit: 50_000,
  banners: [],
});

const slice = (code: string, label: string, probability: number, prize: number) => ({
  code,
  label,
  bgColor: '#0f766e',
  textColor: '#ffffff',
  htmlDescription: text(
    `<p>เงินสด ${prize} บาท</p>`,
    `<p>ເງິນສົດ ${prize} ບາດ</p>`,
    `<p>${prize} baht cash.</p>`,
  ),
  probability,
  prizeKind: 'cash',
  prizeAmount: prize,
});

export const luckyWheel: WheelSetting = WheelSettingSchema.parse({
  name: 'Lucky wheel',
  currency: 'BAHT',
  active: true,
  depositPerCoin: 100,
  couponDays: 7,
  slices: [
    slice('CASH5', '฿5', 60, 5),
    slice('CASH10', '฿10', 30.5, 10),
    slice('CASH50', '฿50', 9.5, 50),
  ],
});

export const invite: InviteSetting = InviteSettingSchema.parse({
  isActive: true,
  successPercent: 0.5,
  failPercent: 5,
  banners: [
    {
      image: 'https://cdn.example.com/banner.png',
      html: text('<p>ชวนเพื่อน รับ 5%</p>', '<p>ຊວນໝູ່ ຮັບ 5%</p>', '<p>Invite friends: earn 5%</p>'),
    },
  ],
});

export const refund: RefundSetting = RefundSettingSchema.parse({
  ...invite,
  period: 'day',
  info: text(
    '<p>คืนยอดเสีย 5%</p>',
    '<p>ຄືນຍອດເສຍ 5%</p>',
    '<p>Loss refund: 5% of what you lost.</p>',
  ),
});

/**
 * jsdom lays nothing out and draws nothing: ProseMirror (tiptap) asks where things are on the
 * screen as the selection moves, and the wheel draws on a canvas. They answer nothing here.
 */
export function stubLayout(): void {
  document.elementFromPoint = () => null;
  Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
  HTMLCanvasElement.prototype.getContext = () => null;
}

/** What the preview's phone shows: queries inside its frame's document. */
export function phone(frame: HTMLElement) {
  const body = (frame as HTMLIFrameElement).contentDocument?.body;
  if (!body) throw new Error('the phone frame has no document');
  return within(body);
}
