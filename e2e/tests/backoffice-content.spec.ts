import { mkdirSync } from 'node:fs';
import { expect, type Locator, test } from '@playwright/test';
import { expectAccessible } from '../support/accessibility';
import { registerMember, signIn, useLanguage } from '../support/members';
import { asDesk, previewIn, screenOf, shootPhone } from '../support/phone-preview';
import { sectionsNav, staffPage } from '../support/staff';

/**
 * Runs on the server of its own (`switch` in playwright.config.ts): the journeys on the default
 * server read the demo's conditions and agreement, and an allow-list saved there would stand in
 * their way. What it changes it puts back at the end all the same, through the same calls the
 * screens make.
 */

const SHOTS = '/tmp/bo-shots';
mkdirSync(SHOTS, { recursive: true });

const content = '/api/backoffice/settings/content';
const allowLists = '/api/backoffice/settings/ip-allow-lists';

/** Replaces what a language's rich-text editor holds with one paragraph typed in. */
async function writeText(form: Locator, language: 'ລາວ' | 'English', text: string) {
  await form.getByRole('tab', { name: language, exact: true }).click();
  const editor = form.getByRole('textbox', { name: `Text (${language})` });
  await editor.click();
  await editor.press('ControlOrMeta+a');
  await editor.pressSequentially(text);
  await expect(editor).toHaveText(text);
}

const english = 'Members must be 18 or older and keep one account each.';
const lao = 'ສະມາຊິກຕ້ອງມີອາຍຸ 18 ປີຂຶ້ນໄປ ແລະ ມີບັນຊີດຽວ.';

test('an admin changes the conditions in English and Lao, previews them on a phone in both, publishes them with a reason, and a member reads each in its language', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  // Two browsers, a sign-in with its authenticator and two rich-text editors: on the 2-core
  // machine, beside other journeys, it takes a while.
  test.setTimeout(240_000);
  const member = await registerMember(request, undefined, { name: 'Malee Content' });
  await signIn(page, member);

  const admin = await staffPage(browser, baseURL ?? '', 'admin');
  const desk = admin.page;
  // The demo's conditions, as the screen reads them, to put back at the end.
  const demo = await (await desk.request.get(content, { headers: asDesk })).json();
  expect(demo.conditions.title.en).toBe('Conditions');

  try {
    await sectionsNav(desk).getByRole('link', { name: 'Content' }).click();
    await expect(desk).toHaveURL(/\/backoffice\/content$/);
    await expect(desk.getByRole('heading', { name: 'Content' })).toBeVisible();

    // Each part beside its phone, for its look.
    await expect(screenOf(desk).getByText(/Member Wallet/)).toBeVisible();
    await desk.screenshot({ path: `${SHOTS}/content-info-en.png` });
    await expectAccessible(desk, 'content: site information');
    await desk.getByRole('tab', { name: 'Contact' }).click();
    await previewIn(desk, 'English');
    await expect(screenOf(desk).getByText('@memberwallet')).toBeVisible();
    await desk.screenshot({ path: `${SHOTS}/content-contact-en.png` });
    await expectAccessible(desk, 'content: contact');
    await desk.getByRole('tab', { name: 'Member agreement' }).click();
    await expect(screenOf(desk).getByRole('dialog', { name: 'Member agreement' })).toBeVisible();
    await desk.screenshot({ path: `${SHOTS}/content-agreements-en.png` });
    await expectAccessible(desk, 'content: member agreement');
    await desk.getByRole('tab', { name: 'Bonus notice' }).click();
    await expect(screenOf(desk).getByRole('note')).toContainText('falls to 10%');
    await desk.screenshot({ path: `${SHOTS}/content-notice-en.png` });
    await expectAccessible(desk, 'content: bonus notice');
    await desk.getByRole('tab', { name: 'How-to videos' }).click();
    // The member's how-to page, its five videos listed under the operator's English titles.
    await expect(screenOf(desk).getByRole('button', { name: /Using the wallet/ })).toBeVisible();
    await desk.screenshot({ path: `${SHOTS}/content-howto-en.png` });
    await expectAccessible(desk, 'content: how-to videos');

    // The conditions: a new English and Lao title and text, seen on the phone before publishing.
    await desk.getByRole('tab', { name: 'Conditions' }).click();
    await expect(desk).toHaveURL(/\?tab=conditions$/);
    const form = desk.getByRole('form', { name: 'Draft of Conditions' });
    await form.getByRole('textbox', { name: 'Title (English)' }).fill('House rules');
    await writeText(form, 'English', english);
    await form.getByRole('textbox', { name: 'Title (ລາວ)' }).fill('ກົດລະບຽບ');
    await writeText(form, 'ລາວ', lao);

    const phone = screenOf(desk);
    await previewIn(desk, 'English');
    await expect(phone.getByRole('dialog', { name: 'House rules' })).toContainText(english);
    await desk.screenshot({ path: `${SHOTS}/content-conditions-en.png` });
    await expectAccessible(desk, 'content: conditions, a draft in its phone');
    await shootPhone(desk, desk, `${SHOTS}/content-conditions-preview-en.png`);
    await previewIn(desk, 'ລາວ');
    await expect(phone.getByRole('dialog', { name: 'ກົດລະບຽບ' })).toContainText(lao);
    await shootPhone(desk, desk, `${SHOTS}/content-conditions-preview-la.png`);
    // The Thai text was left as it was.
    await previewIn(desk, 'ไทย');
    await expect(phone.getByRole('dialog', { name: 'เงื่อนไขการใช้บริการ' })).toBeVisible();

    await form.getByRole('button', { name: 'Publish' }).click();
    const dialog = desk.getByRole('dialog', { name: 'Publish Conditions?' });
    await dialog.getByLabel('Reason').fill('Clearer conditions in English and Lao');
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await expect(desk.getByText('Published: Conditions.')).toBeVisible();
    await expect(dialog).toBeHidden();

    // The screen in Thai, for its words.
    await desk.getByRole('button', { name: 'Language' }).first().click();
    await desk.getByRole('menuitemradio', { name: 'ไทย' }).click();
    await expect(desk.getByRole('heading', { name: 'เนื้อหา' })).toBeVisible();
    await desk.getByRole('tab', { name: 'ติดต่อ' }).click();
    // The phone's frame is named in the desk's language now.
    await expect(
      desk
        .getByTitle('ตัวอย่างบนโทรศัพท์ของสมาชิก')
        .contentFrame()
        .getByText('ติดต่อทีมงานได้ตลอด 24 ชั่วโมงผ่าน LINE'),
    ).toBeVisible();
    await desk.screenshot({ path: `${SHOTS}/content-contact-th.png` });
    await expectAccessible(desk, 'content: contact (Thai)');

    // The member, in English, opens the conditions from the bottom menu: the new English text.
    await page.goto('/user/home');
    await page.getByRole('button', { name: 'Conditions' }).click();
    const conditions = page.getByRole('dialog', { name: 'House rules' });
    await expect(conditions).toContainText(english);
    await page.screenshot({ path: `${SHOTS}/content-member-conditions-en.png` });
    await expectAccessible(page, 'conditions');
    await conditions.getByRole('button', { name: 'Close' }).click();
    await expect(conditions).toBeHidden();

    // In Lao, the Lao one.
    await useLanguage(page, 'ລາວ');
    await page.getByRole('button', { name: 'ເງື່ອນໄຂ' }).click();
    await expect(page.getByRole('dialog', { name: 'ກົດລະບຽບ' })).toContainText(lao);
    await page.screenshot({ path: `${SHOTS}/content-member-conditions-la.png` });
    await expectAccessible(page, 'conditions (Lao)');
  } finally {
    // The demo's conditions back, whatever happened above: later journeys read them.
    const back = await desk.request.put(`${content}/conditions`, {
      headers: asDesk,
      data: { value: demo.conditions, reason: 'e2e: the demo text back' },
    });
    expect(back.status(), await back.text()).toBe(200);
    await admin.context.close();
  }
});

test('an admin is told, in words, that an allow-list without their own address would shut them out; finance only reads the lists', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const admin = await staffPage(browser, baseURL ?? '', 'admin');
  const desk = admin.page;
  try {
    await sectionsNav(desk).getByRole('link', { name: 'Settings' }).click();
    await desk.getByRole('tab', { name: 'Allow-lists' }).click();
    await expect(desk).toHaveURL(/\?tab=network$/);
    const form = desk.getByRole('form', { name: 'IP allow-lists' });
    await expect(desk.getByText('An address outside a list is refused')).toBeVisible();
    const yours = (await desk.getByTestId('your-address').textContent()) ?? '';
    expect(yours).toMatch(/\d/);
    await desk.screenshot({ path: `${SHOTS}/settings-allow-lists-en.png` });

    // A documentation range nobody calls from: the server refuses it and says why, under it.
    const members = form.getByRole('textbox', { name: /Members' list/ });
    await members.fill('203.0.113.0/24');
    await form.getByRole('button', { name: 'Save' }).click();
    const dialog = desk.getByRole('dialog', { name: 'Save the allow-lists?' });
    await dialog.getByLabel('Reason').fill('Office network only');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(
      form.getByText('This list would shut out your own address: add it first.'),
    ).toBeVisible();
    await expect(dialog).toBeHidden();
    await desk.screenshot({ path: `${SHOTS}/settings-allow-lists-self-en.png` });
    await expectAccessible(desk, 'settings: allow-lists, refused');

    // With the admin's own address added by its button, it is taken.
    await form.getByRole('button', { name: "Add your address to the members' list" }).click();
    await expect(members).toHaveValue(`203.0.113.0/24\n${yours}`);
    await form.getByRole('button', { name: 'Save' }).click();
    await dialog.getByLabel('Reason').fill('Office network and this desk');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(desk.getByText('The allow-lists are saved.')).toBeVisible();

    // Finance reads the lists, without a way to change them.
    const finance = await staffPage(browser, baseURL ?? '', 'finance');
    await finance.page.goto('/backoffice/settings?tab=network');
    const read = finance.page.getByRole('form', { name: 'IP allow-lists' });
    await expect(read.getByRole('textbox', { name: /Members' list/ })).toHaveValue(
      `203.0.113.0/24\n${yours}`,
    );
    await expect(read.getByRole('textbox', { name: /Members' list/ })).toBeDisabled();
    await expect(read.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await finance.page.screenshot({ path: `${SHOTS}/settings-allow-lists-finance-en.png` });
    await expectAccessible(finance.page, 'settings: allow-lists, read only');
    await finance.context.close();
  } finally {
    // Every address allowed again, whatever happened above: later journeys call from others.
    const back = await desk.request.put(allowLists, {
      headers: asDesk,
      data: { members: [], staff: [], reason: 'e2e: every address allowed again' },
    });
    expect(back.status(), await back.text()).toBe(200);
    await admin.context.close();
  }
});
