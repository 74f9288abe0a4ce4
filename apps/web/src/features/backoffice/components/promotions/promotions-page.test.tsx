import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WheelSetting } from '@wallet/contract/promotion-settings';
import { beforeAll, describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../../test/render';
import { type DeskRoutes, deskTests, lazyScreen, renderDesk } from '../../test-desk';
import {
  daily10,
  invite,
  luckyWheel,
  phone,
  refund,
  stubLayout,
  welcomeLak,
} from './test-promotions';
import { probabilityTotal } from './wheel-form';

const desk = deskTests();
beforeAll(stubLayout);

/** The server's promotions, the wheel kept as a PUT publishes it. */
function promotionsServer(): DeskRoutes {
  let wheel: WheelSetting = luckyWheel;
  return {
    'GET /api/backoffice/promotions/bonuses': () =>
      jsonResponse({ bonuses: [daily10, welcomeLak] }),
    'PUT /api/backoffice/promotions/bonuses/DAILY10': (body) =>
      jsonResponse({ ...daily10, ...(body as object), code: 'DAILY10', currency: 'BAHT' }),
    'GET /api/backoffice/promotions/wheel': () => jsonResponse({ wheel }),
    'PUT /api/backoffice/promotions/wheel': (body) => {
      wheel = (body as { wheel: WheelSetting }).wheel;
      return jsonResponse(wheel);
    },
    'GET /api/backoffice/promotions/invite': () => jsonResponse(invite),
    'GET /api/backoffice/promotions/refund': () => jsonResponse(refund),
  };
}

const puts = () => desk.sent().filter(({ call }) => call.startsWith('PUT'));
const previewOf = (container: HTMLElement) =>
  within(container).getByTitle("Preview on a member's phone");

describe('the wheel’s chances', () => {
  it('add up as the contract adds them, in hundredths of a percent, an empty box counting nothing', () => {
    expect(
      probabilityTotal([{ probability: 60 }, { probability: 30.5 }, { probability: 9.5 }]),
    ).toBe(10_000);
    // 0.1 + 0.2 is not 0.3 in floating point; in hundredths it is 30.
    expect(probabilityTotal([{ probability: 0.1 }, { probability: 0.2 }])).toBe(30);
    expect(
      probabilityTotal([{ probability: 99.99 }, { probability: '' as unknown as number }]),
    ).toBe(9_999);
  });
});

describe('the promotions screen', { timeout: 60_000 }, () => {
  it('publishes the wheel only once its chances say exactly 100.00 %, with a reason', async () => {
    const user = userEvent.setup();
    desk.serve('admin', promotionsServer());
    renderDesk('/backoffice/promotions?tab=wheel');

    const form = await screen.findByRole('form', { name: 'The prize wheel' }, lazyScreen);
    const total = within(form).getByTestId('wheel-total');
    expect(total).toHaveTextContent('Total: 100.00 %');
    const publish = within(form).getByRole('button', { name: 'Publish the wheel' });
    // Nothing changed, nothing to publish.
    expect(publish).toBeDisabled();

    const chance = within(form).getByRole('textbox', { name: 'Chance of CASH10' });
    await user.clear(chance);
    await user.type(chance, '30.49');
    expect(total).toHaveTextContent('Total: 99.99 %');
    expect(
      within(form).getByText(/must add up to exactly 100.00 % before the wheel can be published/),
    ).toBeInTheDocument();
    expect(publish).toBeDisabled();

    const cash5 = within(form).getByRole('textbox', { name: 'Chance of CASH5' });
    await user.clear(cash5);
    await user.type(cash5, '60.01');
    expect(total).toHaveTextContent('Total: 100.00 %');
    expect(publish).toBeEnabled();

    await user.click(publish);
    const dialog = await screen.findByRole('dialog', { name: 'Publish this wheel?' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Smaller chance of ฿10');
    await user.click(within(dialog).getByRole('button', { name: 'Publish the wheel' }));
    expect(await screen.findByText('The wheel is published.')).toBeInTheDocument();
    const [sent] = puts();
    expect(sent?.call).toBe('PUT /api/backoffice/promotions/wheel');
    expect(sent?.body.reason).toBe('Smaller chance of ฿10');
    expect(sent?.body.wheel.slices.map((one: { probability: number }) => one.probability)).toEqual([
      60.01, 30.49, 9.5,
    ]);
  });

  it('shows a bonus being changed in a phone, in the language picked there', async () => {
    const user = userEvent.setup();
    desk.serve('admin', promotionsServer());
    renderDesk('/backoffice/promotions');

    await user.click(await screen.findByRole('button', { name: 'Edit DAILY10' }, lazyScreen));
    const dialog = await screen.findByRole('dialog', { name: 'Edit DAILY10' });
    const percent = within(dialog).getByRole('textbox', { name: 'Percent of the deposit' });
    await user.clear(percent);
    await user.type(percent, '15');

    const frame = previewOf(dialog);
    const english = phone(frame);
    const card = await english.findByRole('button', { name: /^DAILY10 / });
    expect(card).toHaveTextContent('15% of your deposit up to 200.00 baht, from 100.00 baht');
    // Tapping the card opens its details in the phone, with the banner's English text.
    await user.click(card);
    expect(await english.findByText('Daily bonus 10%, every day')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('radio', { name: 'ไทย' }));
    const thai = phone(frame);
    const thaiCard = await thai.findByRole('button', { name: /DAILY10/ });
    await waitFor(() => expect(thaiCard).toHaveTextContent('15%'));
    expect(thaiCard).not.toHaveTextContent('of your deposit');
    await user.click(thaiCard);
    expect(await thai.findByText('โบนัสรายวัน 10% รับได้ทุกวัน')).toBeInTheDocument();
    // The desk keeps its own language.
    expect(within(dialog).getByText('Percent of the deposit')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Reason'), 'Weekend push');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('DAILY10 is saved.')).toBeInTheDocument();
    expect(puts()).toEqual([
      {
        call: 'PUT /api/backoffice/promotions/bonuses/DAILY10',
        body: expect.objectContaining({ percent: 15, maxBonus: 200, reason: 'Weekend push' }),
      },
    ]);
    expect(puts()[0]?.body).not.toHaveProperty('code');
  });

  it('puts the server’s refusal of a field under that field', async () => {
    const user = userEvent.setup();
    desk.serve('admin', {
      ...promotionsServer(),
      'POST /api/backoffice/promotions/bonuses': () =>
        jsonResponse({ code: 'BONUS_CODE_TAKEN', message: 'taken', field: 'code' }, 409),
    });
    renderDesk('/backoffice/promotions');
    await user.click(await screen.findByRole('button', { name: 'New bonus' }, lazyScreen));
    const dialog = await screen.findByRole('dialog', { name: 'New bonus or promotion code' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Code/ }), 'daily10');
    expect(within(dialog).getByRole('textbox', { name: /^Code/ })).toHaveValue('DAILY10');
    await user.type(within(dialog).getByRole('textbox', { name: 'Largest bonus' }), '100');
    await user.type(within(dialog).getByRole('textbox', { name: 'Least deposit' }), '50');
    await user.type(within(dialog).getByLabelText('Reason'), 'New daily bonus');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A bonus already has this code.')).toBeInTheDocument();
  });

  it('let finance change the refund with a reason and keep support out', async () => {
    const user = userEvent.setup();
    desk.serve('finance', {
      ...promotionsServer(),
      'PUT /api/backoffice/promotions/refund': (body) =>
        jsonResponse((body as { rules: object }).rules),
    });
    renderDesk('/backoffice/promotions?tab=refund');
    const form = await screen.findByRole('form', { name: 'Rules of Loss refund' }, lazyScreen);
    const fail = within(form).getByRole('textbox', { name: 'Percent of losses' });
    await user.clear(fail);
    await user.type(fail, '4.5');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save the rules of Loss refund?' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Lower refund from Monday');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Loss refund is saved.')).toBeInTheDocument();
    expect(puts()).toEqual([
      {
        call: 'PUT /api/backoffice/promotions/refund',
        body: { rules: { ...refund, failPercent: 4.5 }, reason: 'Lower refund from Monday' },
      },
    ]);
  });

  it('keep support out: the address leads to the dashboard and nothing is read', async () => {
    desk.serve('support', {
      ...promotionsServer(),
      'GET /api/backoffice/dashboard': () => jsonResponse({ code: 'NO_DATA', message: 'x' }, 404),
    });
    const router = renderDesk('/backoffice/promotions');
    await waitFor(() => expect(router.state.location.pathname).toBe('/backoffice/dashboard'));
    expect(screen.queryByRole('link', { name: 'Promotions' })).toBeNull();
    expect(desk.sent().filter(({ call }) => call.includes('/promotions'))).toEqual([]);
  });
});
