// First: the calls to the server and the code fetches every load makes, started before the rest is evaluated.
import { brand, context } from './app/start-calls.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Start } from './app/Start.tsx';
import { BrandGate } from './app/branding/BrandGate.tsx';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    {/* The brand (theme, title) is loaded before anything renders. */}
    <BrandGate initial={brand}>
      {/* a public page without React Router and the query cache, any other through them (app/Start.tsx) */}
      <Start context={context} />
    </BrandGate>
  </StrictMode>,
);
