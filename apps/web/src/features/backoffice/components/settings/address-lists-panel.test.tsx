import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../../test/render';
import { type DeskRoutes, deskTests, lazyScreen, renderDesk } from '../../test-desk';
import { rulesOf } from './address-lists-panel';

const desk = deskTests();

const path = '/api/backoffice/settings/ip-allow-lists';
const lists = {
  members: [],
  staff: ['198.51.100.7'],
  fixed: { members: [], staff: ['10.0.0.0/8'] },
  yourAddress: '198.51.100.7',
};

function listsServer(put: (body: unknown) => Response): DeskRoutes {
  return { [`GET ${path}`]: () => jsonResponse(lists), [`PUT ${path}`]: put };
}

const puts = () => desk.sent().filter(({ call }) => call.startsWith('PUT'));
const openTab = async () =>
  screen.findByRole('form', { name: 'IP allow-lists' }, { timeout: lazyScreen.timeout });

describe('a list as its box holds it', () => {
  it('is one rule per line, spaces and blank lines dropped', () => {
    expect(rulesOf(' 203.0.113.7 \n\n2001:db8::/32\n  ')).toEqual(['203.0.113.7', '2001:db8::/32']);
    expect(rulesOf('')).toEqual([]);
  });
});

describe('the allow-lists tab', { timeout: 30_000 }, () => {
  it('shows the address the server sees, the deployment’s lists read only, and the warning', async () => {
    desk.serve(
      'admin',
      listsServer(() => jsonResponse({})),
    );
    renderDesk('/backoffice/settings?tab=network');
    const form = await openTab();
    expect(screen.getByTestId('your-address')).toHaveTextContent('198.51.100.7');
    expect(screen.getByText('An address outside a list is refused')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: /Staff list/ })).toHaveValue('198.51.100.7');
    expect(within(form).getByText('10.0.0.0/8')).toBeInTheDocument();
    // The staff list holds the address already, and the empty members' list lets it in.
    expect(within(form).queryByRole('button', { name: /Add your address/ })).toBeNull();
  });

  it('puts the server’s refusal of a list that shuts the admin out under that list', async () => {
    const user = userEvent.setup();
    desk.serve(
      'admin',
      listsServer(() =>
        jsonResponse({ code: 'IP_ALLOW_LIST_SELF', message: 'self', field: 'members' }, 400),
      ),
    );
    renderDesk('/backoffice/settings?tab=network');
    const form = await openTab();
    await user.type(within(form).getByRole('textbox', { name: /Members' list/ }), ' 203.0.113.7 ');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save the allow-lists?' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Office network only');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(
      await within(form).findByText('This list would shut out your own address: add it first.'),
    ).toBeInTheDocument();
    expect(puts()).toEqual([
      {
        call: `PUT ${path}`,
        body: { members: ['203.0.113.7'], staff: ['198.51.100.7'], reason: 'Office network only' },
      },
    ]);
  });

  it('refuses a line that is no address in words, naming it, before anything is sent', async () => {
    const user = userEvent.setup();
    desk.serve(
      'admin',
      listsServer(() => jsonResponse({})),
    );
    renderDesk('/backoffice/settings?tab=network');
    const form = await openTab();
    const staff = within(form).getByRole('textbox', { name: /Staff list/ });
    await user.type(staff, '\n\n10.0.0.300');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(
      await within(form).findByText(
        '“10.0.0.300” is not an IP address or a range (203.0.113.0/24).',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(puts()).toEqual([]);
  });

  it('saves with the admin’s own address added by its button', async () => {
    const user = userEvent.setup();
    desk.serve(
      'admin',
      listsServer((body) => {
        const { reason: _, ...saved } = body as { reason: string };
        return jsonResponse(saved);
      }),
    );
    renderDesk('/backoffice/settings?tab=network');
    const form = await openTab();
    const members = within(form).getByRole('textbox', { name: /Members' list/ });
    await user.type(members, '203.0.113.0/24');
    await user.click(
      within(form).getByRole('button', { name: "Add your address to the members' list" }),
    );
    expect(members).toHaveValue('203.0.113.0/24\n198.51.100.7');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save the allow-lists?' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Only our office for now');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The allow-lists are saved.')).toBeInTheDocument();
    expect(puts()[0]?.body).toEqual({
      members: ['203.0.113.0/24', '198.51.100.7'],
      staff: ['198.51.100.7'],
      reason: 'Only our office for now',
    });
  });

  it('lets finance read the lists but not change them', async () => {
    desk.serve(
      'finance',
      listsServer(() => jsonResponse({})),
    );
    renderDesk('/backoffice/settings?tab=network');
    const form = await openTab();
    expect(within(form).getByRole('textbox', { name: /Staff list/ })).toBeDisabled();
    expect(within(form).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(
      screen.getByText('You can read the allow-lists; only an admin changes them.'),
    ).toBeInTheDocument();
  });
});
