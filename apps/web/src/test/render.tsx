import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { AppProviders } from '../app/providers';

/** Renders inside the app's providers with Mantine's test environment (no transitions). */
export function renderWithProviders(ui: ReactElement) {
  return render(<AppProviders env="test">{ui}</AppProviders>);
}

export function jsonResponse(
  body: unknown,
  status = 200,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}
