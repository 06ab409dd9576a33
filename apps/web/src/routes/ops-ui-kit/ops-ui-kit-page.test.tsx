import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  figureInfoHandlers,
  storeTestSession,
  TEST_IDENTITY,
} from '../../features/session/session-test-utils.js';
import { mockFetch } from '../../test/mock-fetch.js';
import { renderApp } from '../../test/render-app.js';
import { findPageHeading } from '../../test/loaded.js';

// The UI kit is part of the agents' console: an agent is signed in.
beforeEach(() => {
  storeTestSession('agent');
  mockFetch(figureInfoHandlers(TEST_IDENTITY, 'agent'));
});

const SECTION_TITLES = [
  'Buttons',
  'Text fields',
  'Numeric fields',
  'Selects',
  'Comboboxes',
  'Checkboxes',
  'Radio groups',
  'Sliders',
  'Modal',
  'Accordion',
  'Toasts',
  'Stepper',
  'File uploaders',
  'Alerts',
  'Progress',
  'Copy buttons',
  'QR codes',
  'Live region',
];

describe('/ops/ui-kit', () => {
  it('shows every component in its own headed section, with a contents list', async () => {
    renderApp('/ops/ui-kit');
    expect(await findPageHeading('UI kit')).toBeInTheDocument();
    // The sections follow the page one render at a time; the kit is busy until the last is shown.
    await waitFor(() =>
      expect(
        screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
      ).toEqual(SECTION_TITLES),
    );
    expect(document.querySelector('.ui-kit')).not.toHaveAttribute('aria-busy');
    const contents = screen.getByRole('navigation', { name: 'Components' });
    expect(
      within(contents)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(SECTION_TITLES);
    for (const title of SECTION_TITLES) {
      expect(screen.getByRole('region', { name: title })).toBeInTheDocument();
    }
  });

  it('shows the states of the form controls', async () => {
    renderApp('/ops/ui-kit');
    const textFields = await screen.findByRole('region', { name: 'Text fields' });
    expect(within(textFields).getByRole('textbox', { name: 'Routing number' })).toBeInvalid();
    expect(within(textFields).getByRole('textbox', { name: 'Email' })).toBeDisabled();
    expect(within(textFields).getByRole('textbox', { name: 'Loan ID' })).toHaveAttribute(
      'readonly',
    );
    const uploaders = await screen.findByRole('region', { name: 'File uploaders' });
    expect(within(uploaders).getByText('2 file(s) uploaded')).toBeInTheDocument();
  });

  it('scrolls to the section a link points to', async () => {
    // jsdom lays nothing out, so it has no scrolling either.
    const scrollIntoView = vi.fn();
    Object.assign(Element.prototype, { scrollIntoView });
    onTestFinished(() => {
      Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
    });
    renderApp('/ops/ui-kit#qr-codes');
    const section = await screen.findByRole('region', { name: 'QR codes' });
    await waitFor(() => expect(scrollIntoView.mock.contexts).toEqual([section]));
  });
});
