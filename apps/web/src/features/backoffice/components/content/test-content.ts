import { type ContentSettings, ContentSettingsSchema } from '@wallet/contract/content-settings';

/**
 * The content as the server answers it (the demo's, apps/server/seed/demo.json, shortened), for
 * the screen's tests: it goes through the contract's schema, so a test cannot lean on a shape the
 * server would never send.
 */

const text = (th: string, la: string, en: string) => ({ th, la, en });

/** A 1×1 PNG, as the server draws the demo's LINE QR. */
export const tinyPng =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

export const demoContent: ContentSettings = ContentSettingsSchema.parse({
  info: { name: 'Member Wallet', website: 'https://wallet.example.com' },
  contact: {
    contactText: text(
      'ติดต่อทีมงานได้ตลอด 24 ชั่วโมงผ่าน LINE',
      'ຕິດຕໍ່ທີມງານໄດ້ຕະຫຼອດ 24 ຊົ່ວໂມງຜ່ານ LINE',
      'Our team answers on LINE 24 hours a day.',
    ),
    lineName: '@memberwallet',
    lineLink: 'https://line.me/R/ti/p/@memberwallet',
    lineQR: tinyPng,
  },
  conditions: {
    title: text('เงื่อนไขการใช้บริการ', 'ເງື່ອນໄຂການນຳໃຊ້ບໍລິການ', 'Conditions'),
    html: text(
      '<ol><li>สมาชิกต้องมีอายุ 18 ปีขึ้นไป</li></ol>',
      '<ol><li>ສະມາຊິກຕ້ອງມີອາຍຸ 18 ປີຂຶ້ນໄປ</li></ol>',
      '<ol><li>Members must be 18 or older.</li></ol>',
    ),
  },
  agreements: {
    title: text('ข้อตกลงสมาชิก', 'ຂໍ້ຕົກລົງສະມາຊິກ', 'Member agreement'),
    html: text(
      '<p>สมาชิกหนึ่งคน หนึ่งบัญชี</p>',
      '<p>ສະມາຊິກໜຶ່ງຄົນ ໜຶ່ງບັນຊີ</p>',
      '<p>One member, one account.</p>',
    ),
  },
  notice: {
    notice: text(
      'โบนัสจะถูกยกเลิกเมื่อเหลือไม่เกิน %percentFail%%',
      'ໂບນັດຈະຖືກຍົກເລີກເມື່ອເຫຼືອບໍ່ເກີນ %percentFail%%',
      'A bonus is cancelled when the money you play with falls to %percentFail%%.',
    ),
  },
  howto: {
    videos: [
      {
        key: 'wallet',
        title: text('วิธีใช้กระเป๋าเงิน', 'ວິທີໃຊ້ກະເປົາເງິນ', 'Using the wallet'),
        url: 'https://interactive-examples.mdn.mozilla.net/media/cc0-videos/flower.mp4',
      },
    ],
  },
});
