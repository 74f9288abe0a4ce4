import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StaffOutgoingMessageSchema } from '@wallet/contract/backoffice';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { prepareBackofficeTests } from '../test-fixtures';
import { Composer } from './composer';

beforeAll(prepareBackofficeTests);

function renderComposer() {
  const onSend = vi.fn();
  renderWithProviders(<Composer onSend={onSend} onAttach={vi.fn()} />);
  return { onSend, box: screen.getByRole('textbox', { name: 'Message' }) };
}

/** What the composer handed over, checked against the contract the server applies. */
function sent(onSend: ReturnType<typeof vi.fn>, call = 0) {
  const message = onSend.mock.calls[call]?.[0];
  expect(StaffOutgoingMessageSchema.safeParse(message).success).toBe(true);
  return message;
}

// Typing through userEvent is slow on a busy machine: these tests get the time the router tests get.
describe('Composer', { timeout: 20_000 }, () => {
  it('sends the text with Enter and empties the box', async () => {
    const user = userEvent.setup();
    const { onSend, box } = renderComposer();

    await user.type(box, '  Hello, how can I help?  {Enter}');

    expect(onSend).toHaveBeenCalledTimes(1);
    expect(sent(onSend)).toEqual({
      message_type: 'text',
      payload: { message: 'Hello, how can I help?' },
    });
    expect(box).toHaveValue('');
  });

  it('starts a new line with Shift+Enter instead of sending', async () => {
    const user = userEvent.setup();
    const { onSend, box } = renderComposer();

    await user.type(box, 'First line{Shift>}{Enter}{/Shift}Second line');

    expect(onSend).not.toHaveBeenCalled();
    expect(box).toHaveValue('First line\nSecond line');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(sent(onSend).payload.message).toBe('First line\nSecond line');
  });

  it('sends nothing for an empty text', async () => {
    const user = userEvent.setup();
    const { onSend, box } = renderComposer();
    await user.type(box, '   {Enter}');
    expect(onSend).not.toHaveBeenCalled();
  });

  it('builds quick replies from the chips, without the removed one', async () => {
    const user = userEvent.setup();
    const { onSend, box } = renderComposer();

    await user.click(screen.getByRole('button', { name: 'Quick replies' }));
    const choice = screen.getByRole('textbox', { name: 'New choice' });
    await user.type(choice, 'Deposit{Enter}');
    await user.type(choice, 'Withdraw{Enter}');
    await user.type(choice, 'Other');
    await user.click(screen.getByRole('button', { name: 'Add choice' }));
    await user.click(screen.getByRole('button', { name: 'Remove choice Withdraw' }));
    expect(onSend).not.toHaveBeenCalled();
    await user.type(box, 'What do you need?{Enter}');

    expect(sent(onSend)).toEqual({
      message_type: 'quick_replies',
      payload: {
        message: 'What do you need?',
        buttons: [
          { type: 'postback', title: 'Deposit', payload: 'Deposit' },
          { type: 'postback', title: 'Other', payload: 'Other' },
        ],
      },
    });
  });

  it('asks for a choice before sending quick replies without any', async () => {
    const user = userEvent.setup();
    const { onSend, box } = renderComposer();
    await user.click(screen.getByRole('button', { name: 'Quick replies' }));
    await user.type(box, 'Pick one{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('This field is required.');
    expect(onSend).not.toHaveBeenCalled();
  });

  it('builds buttons of each type from the editor', async () => {
    const user = userEvent.setup();
    const { onSend, box } = renderComposer();

    await user.click(screen.getByRole('button', { name: 'Buttons' }));
    const add = screen.getByRole('button', { name: 'Add button' });
    await user.click(add);
    await user.click(add);
    await user.click(add);
    expect(add).toBeDisabled();

    const first = within(screen.getByRole('group', { name: 'Button 1' }));
    await user.type(first.getByRole('textbox', { name: 'Title' }), 'Open the site');
    await user.type(first.getByRole('textbox', { name: 'Link' }), 'https://lucky.example/promo');
    const second = within(screen.getByRole('group', { name: 'Button 2' }));
    await user.selectOptions(second.getByRole('combobox', { name: 'Type' }), 'call');
    await user.type(second.getByRole('textbox', { name: 'Title' }), 'Call us');
    await user.type(second.getByRole('textbox', { name: 'Phone number' }), '021234567');
    const third = within(screen.getByRole('group', { name: 'Button 3' }));
    await user.selectOptions(third.getByRole('combobox', { name: 'Type' }), 'postback');
    await user.type(third.getByRole('textbox', { name: 'Title' }), 'Talk to a person');
    await user.type(box, 'How would you like to continue?');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(sent(onSend)).toEqual({
      message_type: 'buttons',
      payload: {
        message: 'How would you like to continue?',
        buttons: [
          { type: 'web', title: 'Open the site', payload: 'https://lucky.example/promo' },
          { type: 'call', title: 'Call us', payload: '021234567' },
          { type: 'postback', title: 'Talk to a person', payload: 'Talk to a person' },
        ],
      },
    });
  });

  it('does not send when Enter is pressed in a button’s field', async () => {
    const user = userEvent.setup();
    const { onSend, box } = renderComposer();
    await user.type(box, 'Tap below');
    await user.click(screen.getByRole('button', { name: 'Buttons' }));
    await user.click(screen.getByRole('button', { name: 'Add button' }));
    const button = within(screen.getByRole('group', { name: 'Button 1' }));
    await user.type(button.getByRole('textbox', { name: 'Title' }), 'Open{Enter}');
    expect(onSend).not.toHaveBeenCalled();
  });

  it('refuses a link button whose link would not open', async () => {
    const user = userEvent.setup();
    const { onSend, box } = renderComposer();
    await user.click(screen.getByRole('button', { name: 'Buttons' }));
    await user.click(screen.getByRole('button', { name: 'Add button' }));
    const button = within(screen.getByRole('group', { name: 'Button 1' }));
    await user.type(button.getByRole('textbox', { name: 'Title' }), 'Open');
    await user.type(button.getByRole('textbox', { name: 'Link' }), 'javascript:alert(1)');
    await user.type(box, 'Tap below{Enter}');

    expect(
      await screen.findByText('Enter a link starting with https:// or http://.'),
    ).toBeInTheDocument();
    expect(onSend).not.toHaveBeenCalled();
  });
});
