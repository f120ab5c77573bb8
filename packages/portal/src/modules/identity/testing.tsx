import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { portalTheme } from '../../app/theme.ts';

/** One component with a fresh query cache, theme and router (for tests of this module). */
export function renderWithClient(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <ThemeProvider theme={portalTheme()}>
      <QueryClientProvider client={client}>
        <MemoryRouter>{ui}</MemoryRouter>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

/** A JSON list answer with its Content-Range, as the API sends it. */
export function listBody<T>(items: T[]) {
  return {
    body: items,
    headers: { 'content-range': items.length ? `items 0-${items.length - 1}/${items.length}` : 'items */0' },
  };
}
