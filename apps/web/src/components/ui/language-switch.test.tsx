import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../../lib/i18n';
import { renderWithProviders } from '../../test/render';
import { LanguageSwitch } from './language-switch';

afterEach(async () => {
  await changeLocale('en');
});

describe('LanguageSwitch', () => {
  it('offers the three languages, each in its own script, with the current one checked', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LanguageSwitch />);

    await user.click(screen.getByRole('button', { name: 'Language: EN' }));

    expect(screen.getByRole('menuitemradio', { name: 'ไทย' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    expect(screen.getByRole('menuitemradio', { name: 'ລາວ' })).toBeInTheDocument();
    expect(screen.getByRole('menuitemradio', { name: 'English' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  });

  it('switches to Lao, sets <html lang="lo"> and remembers the choice as la', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LanguageSwitch />);

    await user.click(screen.getByRole('button', { name: 'Language: EN' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'ລາວ' }));

    await waitFor(() => expect(document.documentElement.lang).toBe('lo'));
    expect(localStorage.getItem('locale')).toBe('la');
    expect(screen.getByRole('button', { name: 'ພາສາ (Language): LA' })).toBeInTheDocument();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('closes with Escape and gives focus back to the button', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LanguageSwitch />);
    const button = screen.getByRole('button', { name: 'Language: EN' });

    await user.click(button);
    await user.keyboard('{Escape}');

    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });
});
