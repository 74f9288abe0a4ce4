import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/accessibility';
import { registerMember, signIn } from '../support/members';
import { asDesk, previewIn, screenOf, shootPhone } from '../support/phone-preview';
import { sectionsNav, staffPage } from '../support/staff';

/**
 * Runs on the server of its own (`switch` in playwright.config.ts): the bonus journeys on the
 * default server read DAILY10's 10 %, and the wheel's journeys its slices. What it changes it
 * puts back at the end all the same, through the same calls the screen makes.
 */

const SHOTS = '/tmp/bo-shots';
mkdirSync(SHOTS, { recursive: true });

const promotions = '/api/backoffice/promotions';

test('an admin changes a bonus and a slice of the wheel, previews them on a phone in two languages, publishes them with a reason, and a signed-in member meets them at once', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  // Two browsers, a sign-in with its authenticator and three rich-text editors a form: on the
  // 2-core machine, beside other journeys, it has taken up to two minutes.
  test.setTimeout(240_000);
  // The member, signed in on a phone, sees the demo's DAILY10 and wheel first.
  const member = await registerMember(request, undefined, { name: 'Malee Promo' });
  await signIn(page, member);
  await page.goto('/user/bonus');
  const dailyCard = page.getByRole('button', { name: /^DAILY10 / });
  await expect(dailyCard).toContainText('10% of your deposit up to 200.00 baht, from 100.00 baht');
  await page.goto('/user/spin');
  await expect(page.getByTestId('spin-wheel')).toHaveAttribute('aria-label', /^Lucky wheel: ฿5, /);

  const admin = await staffPage(browser, baseURL ?? '', 'admin');
  const desk = admin.page;
  // The demo's values, as the screen reads them, to put back at the end.
  const bonuses = await (
    await desk.request.get(`${promotions}/bonuses`, { headers: asDesk })
  ).json();
  const daily = bonuses.bonuses.find((bonus: { code: string }) => bonus.code === 'DAILY10');
  expect(daily.percent).toBe(10);
  const { wheel } = await (
    await desk.request.get(`${promotions}/wheel`, { headers: asDesk })
  ).json();
  expect(wheel.slices[0]).toMatchObject({ code: 'CASH5', label: '฿5', prizeAmount: 5 });

  try {
    await sectionsNav(desk).getByRole('link', { name: 'Promotions' }).click();
    await expect(desk).toHaveURL(/\/backoffice\/promotions$/);
    await expect(desk.getByRole('heading', { name: 'Promotions' })).toBeVisible();
    const table = desk.getByRole('table', { name: 'Bonuses' });
    await expect(table.getByRole('row', { name: /DAILY10/ })).toContainText('10 %');
    await expect(table.getByRole('row', { name: /WELCOMELAK/ })).toContainText('kip');
    await desk.screenshot({ path: `${SHOTS}/promotions-bonuses-en.png` });
    await expectAccessible(desk, 'promotions: bonuses');

    // The bonus: 10 % → 15 %, seen on the phone in English and in Thai before it is saved.
    await desk.getByRole('button', { name: 'Edit DAILY10' }).click();
    const dialog = desk.getByRole('dialog', { name: 'Edit DAILY10' });
    const percent = dialog.getByRole('textbox', { name: 'Percent of the deposit' });
    await percent.fill('15');
    await previewIn(dialog, 'English');
    const bonusPhone = screenOf(dialog);
    const previewCard = bonusPhone.getByRole('button', { name: /^DAILY10 / });
    await expect(previewCard).toContainText(
      '15% of your deposit up to 200.00 baht, from 100.00 baht',
    );
    await previewCard.click();
    await expect(bonusPhone.getByRole('dialog', { name: 'Bonus DAILY10' })).toContainText(
      'Daily bonus 10%, every day',
    );
    await desk.screenshot({ path: `${SHOTS}/promotions-bonus-edit-en.png` });
    await expectAccessible(desk, 'promotions: a bonus edited, its phone preview in English');
    await shootPhone(desk, dialog, `${SHOTS}/promotions-bonus-preview-en.png`);

    await previewIn(dialog, 'ไทย');
    const thaiCard = bonusPhone.getByRole('button', { name: /^DAILY10 / });
    await expect(thaiCard).toContainText('15% ของยอดฝาก สูงสุด 200.00 บาท');
    await thaiCard.click();
    await expect(bonusPhone.getByText('โบนัสรายวัน 10% รับได้ทุกวัน')).toBeVisible();
    await shootPhone(desk, dialog, `${SHOTS}/promotions-bonus-preview-th.png`);

    await dialog.getByLabel('Reason').fill('Weekend push: 15 % for a week');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(desk.getByText('DAILY10 is saved.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(table.getByRole('row', { name: /DAILY10/ })).toContainText('15 %');

    // The member's next look at the bonus page, no restart: 15 %.
    await page.goto('/user/bonus');
    await expect(dailyCard).toContainText(
      '15% of your deposit up to 200.00 baht, from 100.00 baht',
    );
    await page.screenshot({ path: `${SHOTS}/promotions-member-bonus.png` });

    // The wheel: CASH5 becomes ฿7 cash, seen in the phone's wheel and prize window.
    await desk.getByRole('tab', { name: 'Prize wheel' }).click();
    await expect(desk).toHaveURL(/\?tab=wheel$/);
    const form = desk.getByRole('form', { name: 'The prize wheel' });
    await expect(form.getByTestId('wheel-total')).toHaveText('Total: 100.00 %');
    await desk.screenshot({ path: `${SHOTS}/promotions-wheel-en.png` });
    await expectAccessible(desk, 'promotions: prize wheel');
    await form.getByRole('button', { name: 'Edit slice CASH5', exact: true }).click();
    const slice = form.getByRole('region', { name: 'The slice being edited' });
    await slice.getByRole('textbox', { name: 'Label' }).fill('฿7');
    await slice.getByRole('textbox', { name: 'Prize amount' }).fill('7');
    await expect(form.getByRole('row', { name: /^CASH5 / })).toContainText('Cash 7.00 baht');
    const wheelPhone = screenOf(desk);
    await expect(wheelPhone.getByTestId('spin-wheel')).toHaveAttribute(
      'aria-label',
      /^Lucky wheel: ฿7, BONUS ฿20, /,
    );
    await previewIn(desk, 'English');
    await slice.getByRole('button', { name: 'Show its prize in the phone' }).click();
    const prize = wheelPhone.getByRole('dialog', { name: 'You won!' });
    await expect(prize.getByTestId('prize-label')).toHaveText('฿7');
    await expect(prize).toContainText('5 baht cash into your cash wallet.');
    await shootPhone(desk, desk, `${SHOTS}/promotions-wheel-preview-en.png`);
    await previewIn(desk, 'ລາວ');
    const laoPrize = wheelPhone.getByRole('dialog', { name: 'ຍິນດີນຳ ທ່ານໄດ້ຮັບລາງວັນ!' });
    await expect(laoPrize.getByTestId('prize-label')).toHaveText('฿7');
    await expect(laoPrize).toContainText('ເງິນສົດ 5 ບາດ');
    await desk.screenshot({ path: `${SHOTS}/promotions-wheel-edit-la.png` });
    await expectAccessible(desk, 'promotions: a slice edited, its prize in the phone in Lao');

    await form.getByRole('button', { name: 'Publish the wheel' }).click();
    const publish = desk.getByRole('dialog', { name: 'Publish this wheel?' });
    await publish.getByLabel('Reason').fill('฿7 instead of ฿5 this week');
    await publish.getByRole('button', { name: 'Publish the wheel' }).click();
    await expect(desk.getByText('The wheel is published.')).toBeVisible();

    // The member's next look at the wheel: ฿7 where ฿5 was.
    await page.goto('/user/spin');
    await expect(page.getByTestId('spin-wheel')).toHaveAttribute(
      'aria-label',
      /^Lucky wheel: ฿7, /,
    );
    await page.screenshot({ path: `${SHOTS}/promotions-member-wheel.png` });

    // The programmes' tabs, for their look.
    await desk.getByRole('tab', { name: 'Invite friends' }).click();
    await expect(desk.getByRole('form', { name: 'Rules of Invite friends' })).toBeVisible();
    await expect(screenOf(desk).getByTestId('banner-carousel')).toContainText('Invite friends');
    await desk.screenshot({ path: `${SHOTS}/promotions-invite-en.png` });
    await expectAccessible(desk, 'promotions: invite friends');
    await desk.getByRole('tab', { name: 'Loss refund' }).click();
    await expect(desk.getByRole('form', { name: 'Rules of Loss refund' })).toBeVisible();
    await screenOf(desk).getByRole('button', { name: 'Continue' }).click();
    // The carousel fades out as the refund window comes: the window is the one with the info.
    await expect(
      screenOf(desk)
        .getByRole('dialog', { name: 'Refund' })
        .filter({ hasText: 'Loss refund: 5% of what you lost' }),
    ).toBeVisible();
    await desk.screenshot({ path: `${SHOTS}/promotions-refund-en.png` });
    await expectAccessible(desk, 'promotions: loss refund');
  } finally {
    // The demo's values back, whatever happened above: later journeys read them.
    const { code, currency, ...rules } = daily;
    const bonusBack = await desk.request.put(`${promotions}/bonuses/${code}`, {
      headers: asDesk,
      data: { ...rules, reason: 'e2e: the demo values back' },
    });
    expect(bonusBack.status(), `${currency} ${await bonusBack.text()}`).toBe(200);
    const wheelBack = await desk.request.put(`${promotions}/wheel`, {
      headers: asDesk,
      data: { wheel, reason: 'e2e: the demo values back' },
    });
    expect(wheelBack.status(), await wheelBack.text()).toBe(200);
    await admin.context.close();
  }

  await page.goto('/user/bonus');
  await expect(dailyCard).toContainText('10% of your deposit');
});
