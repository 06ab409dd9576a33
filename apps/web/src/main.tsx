import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { TBrand } from '@pledge/contract';
import { App } from './app/app.js';
import { readBrand } from './brand/read-brand.js';
import './styles/index.css';

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

createRoot(container).render(
  <StrictMode>
    <App brand={brand} />
  </StrictMode>,
);
