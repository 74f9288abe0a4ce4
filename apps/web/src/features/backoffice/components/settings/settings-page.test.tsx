import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CurrencyLimits, LimitsResponse, Switches } from '@wallet/contract/operator';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../../test/render';
import { type DeskRoutes, deskTests, lazyScreen, renderDesk } from '../../test-desk';

const desk = deskTests();

const open: Switches = {
  registerOTP: true,
  enableChatWidget: true,
  manualDeposit: true,
  terminated: false,
};

const baht: CurrencyLimits = {
  withdrawMin: 100,
  withdrawMax: 50_000,
  withdrawApprovalAbove: 5_000,
  transferMin: 1,
  giftLinkMin: 10,
  qrMin: { KBANK: 100, WW: 100, PAYTIMZ: 200, PAYONEX: 100 },
  qrMax: { KBANK: 100_000, WW: 100_000, PAYTIMZ: 100_000, PAYONEX: 100_000 },
  depositMax: 100_000,
};
const kip: CurrencyLimits = {
  withdrawMin: 50_000,
  withdrawMax: 30_000_000,
  withdrawApprovalAbove: 3_000_000,
  transferMin: 1_000,
  giftLinkMin: 5_000,
  qrMin: { KBANK: 50_000, WW: 50_000, PAYTIMZ: 50_000, PAYONEX: 50_000 },
  qrMax: { KBANK: 60_000_000, WW: 60_000_000, PAYTIMZ: 60_000_000, PAYONEX: 60_000_000 },
  depositMax: 60_000_000,
};
const limitsOf = (bahtLimits: CurrencyLimits): LimitsResponse => ({
  currencies: [
    { currency: 'BAHT', limits: bahtLimits },
    { currency: 'LAK', limits: kip },
  ],
});

/** The server's settings, kept as a PUT changes them (the switches answer their new state). */
function settingsServer(switches = open): DeskRoutes {
  let kept = switches;
  let bahtKept = baht;
  return {
    'GET /api/backoffice/settings/switches': () => jsonResponse(kept),
    'PUT /api/backoffice/settings/switches': (body) => {
      const { reason: _, ...change } = body as Partial<Switches> & { reason: string };
      kept = { ...kept, ...change };
      return jsonResponse(kept);
    },
    'GET /api/backoffice/settings/limits': () => jsonResponse(limitsOf(bahtKept)),
    'PUT /api/backoffice/settings/limits/BAHT': (body) => {
      bahtKept = (body as { limits: CurrencyLimits }).limits;
      return jsonResponse({ success: true });
    },
  };
}

const puts = () => desk.sent().filter(({ call }) => call.startsWith('PUT'));
const bahtForm = () =>
  screen.findByRole('form', { name: 'Amount rules of Thai baht (BAHT)' }, lazyScreen);

describe('the settings', { timeout: 30_000 }, () => {
  it('show admin each switch with what it does, and ask why before turning one off', async () => {
    const user = userEvent.setup();
    desk.serve('admin', settingsServer());
    renderDesk('/backoffice/settings');

    const chat = await screen.findByRole('switch', { name: 'Chat widget' }, lazyScreen);
    expect(chat).toBeChecked();
    expect(chat).toHaveAccessibleDescription("The support chat button shows in the members' app.");
    expect(screen.getByRole('switch', { name: 'OTP at registration' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Manual deposits' })).toBeChecked();

    await user.click(chat);
    const dialog = await screen.findByRole('dialog', { name: 'Turn off “Chat widget”?' });
    // Nothing changes until it is saved: the switch shows the server's state meanwhile.
    expect(chat).toBeChecked();
    await user.type(within(dialog).getByLabelText('Reason'), 'ok');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(
      await within(dialog).findByText('Write a reason of at least 3 characters.'),
    ).toBeInTheDocument();
    expect(puts()).toEqual([]);

    await user.type(within(dialog).getByLabelText('Reason'), ' — support desk is closed tonight');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('“Chat widget” is off.')).toBeInTheDocument();
    expect(puts()).toEqual([
      {
        call: 'PUT /api/backoffice/settings/switches',
        body: { enableChatWidget: false, reason: 'ok — support desk is closed tonight' },
      },
    ]);
    await waitFor(() => expect(chat).not.toBeChecked());
  });

  it('let admin close the service only after a red confirmation with a reason, then say it is closed', async () => {
    const user = userEvent.setup();
    desk.serve('admin', settingsServer());
    renderDesk('/backoffice/settings');

    const service = await screen.findByRole('region', { name: 'The service' }, lazyScreen);
    expect(service).toHaveTextContent('Open');
    await user.click(within(service).getByRole('button', { name: 'Close the service' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Close the service to every member?',
    });
    expect(dialog).toHaveTextContent("every member's app shows the closed page");
    const confirm = within(dialog).getByRole('button', { name: 'Close the service' });
    expect(confirm.getAttribute('style')).toContain('red');
    await user.type(within(dialog).getByLabelText('Reason'), 'Bank maintenance until 06:00');
    await user.click(confirm);

    expect(await screen.findByText('The service is closed to members.')).toBeInTheDocument();
    expect(puts()).toEqual([
      {
        call: 'PUT /api/backoffice/settings/switches',
        body: { terminated: true, reason: 'Bank maintenance until 06:00' },
      },
    ]);
    const alert = await screen.findByRole('alert', { name: 'The service is closed' });
    expect(alert).toHaveTextContent('Members see the closed page');
    expect(service).toHaveTextContent('Closed');

    // Reopening asks why too, and the screen stops saying it is closed.
    await user.click(within(alert).getByRole('button', { name: 'Reopen the service' }));
    const reopen = await screen.findByRole('dialog', { name: 'Reopen the service to members?' });
    await user.type(within(reopen).getByLabelText('Reason'), 'Maintenance over');
    await user.click(within(reopen).getByRole('button', { name: 'Reopen the service' }));
    expect(await screen.findByText('The service is open to members again.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('alert', { name: 'The service is closed' })).toBeNull(),
    );
  });

  it('let finance read the switches and the closed service without changing them', async () => {
    desk.serve('finance', settingsServer({ ...open, terminated: true, registerOTP: false }));
    renderDesk('/backoffice/settings');

    const alert = await screen.findByRole('alert', { name: 'The service is closed' }, lazyScreen);
    expect(within(alert).queryByRole('button')).toBeNull();
    expect(
      screen.getByText('You can read these switches; only an admin turns them on and off.'),
    ).toBeInTheDocument();
    const otp = screen.getByRole('switch', { name: 'OTP at registration' });
    expect(otp).not.toBeChecked();
    expect(otp).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Chat widget' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Close the service' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reopen the service' })).toBeNull();
  });

  it('keep support and viewers out: the address leads to the dashboard and nothing is read', async () => {
    desk.serve('support', {
      ...settingsServer(),
      'GET /api/backoffice/dashboard': () => jsonResponse({ code: 'NO_DATA', message: 'x' }, 404),
    });
    const router = renderDesk('/backoffice/settings');

    await waitFor(() => expect(router.state.location.pathname).toBe('/backoffice/dashboard'));
    expect(screen.queryByRole('link', { name: 'Settings' })).toBeNull();
    expect(desk.sent().filter(({ call }) => call.includes('/settings'))).toEqual([]);
  });

  it('refuse a withdraw minimum above the maximum in words, and send nothing', async () => {
    const user = userEvent.setup();
    desk.serve('finance', settingsServer());
    renderDesk('/backoffice/settings?tab=limits');

    const form = await bahtForm();
    const minimum = within(form).getByLabelText('Minimum');
    expect(minimum).toHaveValue('100');
    await user.clear(minimum);
    await user.type(minimum, '60000');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(
      await within(form).findByText('The minimum cannot be above the maximum.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(puts()).toEqual([]);

    // An empty box is missing, not 0.
    await user.clear(within(form).getByLabelText('Transfer minimum'));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('This field is required.')).toBeInTheDocument();
    expect(puts()).toEqual([]);
  });

  it('refuse a QR provider’s maximum above the largest deposit in words (issue 33)', async () => {
    const user = userEvent.setup();
    desk.serve('finance', settingsServer());
    renderDesk('/backoffice/settings?tab=limits');

    const form = await bahtForm();
    const ww = within(form).getByLabelText('QR maximum, WW');
    expect(ww).toHaveValue('100,000');
    await user.clear(ww);
    await user.type(ww, '200000');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(
      await within(form).findByText(
        "Between this provider's QR minimum and the largest single deposit.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(puts()).toEqual([]);
  });

  it('save finance’s lower approval threshold with a reason naming the change, and show what the server keeps', async () => {
    const user = userEvent.setup();
    desk.serve('finance', settingsServer());
    renderDesk('/backoffice/settings?tab=limits');

    const form = await bahtForm();
    const threshold = within(form).getByLabelText('Approval above');
    expect(threshold).toHaveValue('5,000');
    await user.clear(threshold);
    await user.type(threshold, '4000');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog', {
      name: 'Save the amount rules of Thai baht (BAHT)?',
    });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Approval above: 5,000.00 baht → 4,000.00 baht']);
    await user.type(within(dialog).getByLabelText('Reason'), 'Fraud wave: check more by hand');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(
      await screen.findByText('The amount rules of Thai baht (BAHT) are saved.'),
    ).toBeInTheDocument();
    expect(puts()).toEqual([
      {
        call: 'PUT /api/backoffice/settings/limits/BAHT',
        body: {
          limits: { ...baht, withdrawApprovalAbove: 4000 },
          reason: 'Fraud wave: check more by hand',
        },
      },
    ]);
    // The rules are read again: the form shows them as kept, with nothing left to save.
    await waitFor(() =>
      expect(
        desk.sent().filter(({ call }) => call === 'GET /api/backoffice/settings/limits'),
      ).toHaveLength(2),
    );
    expect(within(form).getByLabelText('Approval above')).toHaveValue('4,000');
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Save' })).toBeDisabled());
    // The kip rules are their own form, untouched.
    const lak = screen.getByRole('form', { name: 'Amount rules of Lao kip (LAK)' });
    expect(within(lak).getByLabelText('Approval above')).toHaveValue('3,000,000');
  });
});
