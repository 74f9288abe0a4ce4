import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LocalText } from '@wallet/contract/common';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { prepareBackofficeTests } from '../../test-fixtures';
import { editorWouldDrop, LocalTextEditor } from './local-text-editor';
import { stubLayout } from './test-promotions';

beforeAll(() => {
  prepareBackofficeTests();
  stubLayout();
});

/** The editor in a form's place: the value it is given back is the one it shows next. */
function Field({ start, onChange }: { start: LocalText; onChange: (text: LocalText) => void }) {
  const [value, setValue] = useState(start);
  return (
    <LocalTextEditor
      label="Description"
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

/** A language's editable text; the editor comes in a chunk of its own, so it may take a moment. */
const editable = (language: string) =>
  screen.findByRole('textbox', { name: `Description (${language})` }, { timeout: 15_000 });

describe('the text editor of an operator text in each language', () => {
  it('shows each language its own HTML and gives back the one typed in, the others untouched', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const start = {
      th: '<p>โบนัส <strong>10%</strong></p>',
      la: '',
      en: '<p>Daily <strong>10%</strong> bonus</p>',
    };
    renderWithProviders(<Field start={start} onChange={onChange} />);

    expect(await editable('ไทย')).toHaveTextContent('โบนัส 10%');
    expect((await editable('ไทย')).querySelector('strong')).toHaveTextContent('10%');
    // The empty translation says its readers see the Thai text.
    expect(screen.getByRole('tab', { name: /ລາວ/ })).toHaveTextContent('empty');
    await user.click(screen.getByRole('tab', { name: 'English' }));
    expect(await editable('English')).toHaveTextContent('Daily 10% bonus');
    // Nothing typed, nothing given back: the server's HTML stays as it is kept.
    expect(onChange).not.toHaveBeenCalled();

    await user.click(await editable('English'));
    // Pasted: jsdom loses typed letters that ProseMirror reads back from the page.
    await user.keyboard('{Control>}a{/Control}');
    await user.paste('Weekly 20%');
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith({
        th: start.th,
        la: '',
        en: '<p>Weekly 20%</p>',
      }),
    );

    await user.click(screen.getByRole('tab', { name: /ລາວ/ }));
    await user.click(await editable('ລາວ'));
    await user.paste('ໂບນັດ');
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith({
        th: start.th,
        la: '<p>ໂບນັດ</p>',
        en: '<p>Weekly 20%</p>',
      }),
    );
  });

  it('gives back an emptied language as nothing, so its readers fall back to the Thai text', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(
      <Field start={{ th: '<p>ไทย</p>', la: '<p>ລາວ</p>', en: '<p>x</p>' }} onChange={onChange} />,
    );
    await user.click(screen.getByRole('tab', { name: 'English' }));
    await user.click(await editable('English'));
    await user.keyboard('{Control>}a{/Control}{Backspace}');
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith({ th: '<p>ไทย</p>', la: '<p>ລາວ</p>', en: '' }),
    );
  });

  it('warns before a text with what the editor cannot keep (pictures, tables) is typed in', () => {
    expect(editorWouldDrop('<p>a <img src="https://x/y.png"></p>')).toBe(true);
    expect(editorWouldDrop('<table><tr><td>1</td></tr></table>')).toBe(true);
    expect(editorWouldDrop('<p><b>bold</b> <a href="https://x">link</a></p>')).toBe(false);
    renderWithProviders(
      <LocalTextEditor
        label="Info"
        value={{ th: '<p><img src="https://x/y.png"></p>', la: '', en: '' }}
        onChange={() => undefined}
      />,
    );
    expect(screen.getByText(/typing in it here removes them/)).toBeInTheDocument();
  });
});
