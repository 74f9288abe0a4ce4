import type { Mock } from 'vitest';
import { jsonResponse } from './render';

export type Routes = Record<string, () => Response>;

const pathOf = (url: unknown) => new URL(String(url), 'http://localhost').pathname;

/** Answers each API path from `routes`; any other is a 404 the screen under test must not need. */
export function servePaths(fetchMock: Mock<typeof fetch>, routes: Routes): void {
  fetchMock.mockImplementation(async (url) => {
    const answer = routes[pathOf(url)];
    return answer ? answer() : jsonResponse({ code: 'NO_DATA', message: 'none' }, 404);
  });
}

/** How many times `path` was called. */
export function callsTo(fetchMock: Mock<typeof fetch>, path: string): number {
  return fetchMock.mock.calls.filter(([url]) => pathOf(url) === path).length;
}
