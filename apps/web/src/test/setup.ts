import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { i18n, initI18n } from '../lib/i18n';
import { useSessionStore } from '../lib/session-store';
import en from '../locales/en.json';
import memberEn from '../locales/member/en.json';

// Screens, overlays and the rich-text editor arrive in chunks of their own: on a busy CI machine
// a chunk can take longer than testing-library's default second to load.
configure({ asyncUtilTimeout: 5_000 });

// Mantine reads the colour scheme and reduced-motion preferences through matchMedia.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});

// Mantine's ScrollArea, Select and friends observe their size.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;

// Mantine's self-sizing text box (the chat composers) listens for web fonts loading; jsdom has
// no FontFaceSet.
Object.defineProperty(document, 'fonts', {
  configurable: true,
  value: { addEventListener: () => undefined, removeEventListener: () => undefined },
});

window.HTMLElement.prototype.scrollIntoView = vi.fn();
// The router restores scroll positions; jsdom does not scroll.
window.scrollTo = vi.fn() as typeof window.scrollTo;

// Tests read English, the way the browser tests find controls by their English names.
await initI18n('en', { en: { translation: structuredClone(en) } });
// The member screens' part, which the member shell loads in the app.
i18n.addResourceBundle('en', 'translation', memberEn, true, true);
useSessionStore.setState({ locale: 'en' });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
