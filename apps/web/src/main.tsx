import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { TBrand } from '@pledge/contract';
import { closeEarlyCalls } from './api/early-calls.js';
import { App } from './app/app.js';
import { collectEditsBeforeHydration } from './ui/field/edits-before-hydration.js';
import { preloadScreenAt } from './app/router.js';
import { readBrand } from './brand/read-brand.js';
import { BEFORE_APP_ATTRIBUTE } from './features/session/components/session-gate-status.js';
import './styles/index.css';

// The app asks for what it needs from here on: /early-calls.js, if it has not run, starts nothing.
closeEarlyCalls();

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

let brand: TBrand;
try {
  brand = readBrand();
} catch (error) {
  // Without a valid brand no lender can be named; say so plainly instead of leaving a blank page.
  container.textContent = 'This page could not be loaded. Please try again later.';
  throw error;
}

const app = (
  <StrictMode>
    <App brand={brand} />
  </StrictMode>
);

if (
  container.firstElementChild === null ||
  container.querySelector(`[${BEFORE_APP_ATTRIBUTE}]`) !== null
) {
  // Nothing rendered, or a signed-in page's layout with its session check (entry-server.tsx),
  // shown until the app's first render replaces it.
  createRoot(container).render(app);
} else {
  // The server rendered this page (see entry-server.tsx). Its screen's code is loaded first, so the
  // first render here matches the HTML and hydrates it instead of replacing it with "Loading…".
  // Should that load fail, hydration still goes ahead and React renders the page afresh. What the
  // visitor typed or chose meanwhile is entered again once each field is live
  // (ui/field/edits-before-hydration.ts).
  const hydrate = () => {
    collectEditsBeforeHydration(container);
    hydrateRoot(container, app);
  };
  preloadScreenAt(window.location.pathname).then(hydrate, hydrate);
}
