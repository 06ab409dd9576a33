import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeApplication } from '../../application/application-test-data.js';
import { makeDetail } from '../ops-test-data.js';
import { OfferSection } from './ops-detail-sections.js';

describe('the console’s offer section', () => {
  it.each([
    [{ isRollForward: false, isCelsiusRefi: false }, 'Cash to the borrower'],
    [{ isRollForward: true, isCelsiusRefi: false }, 'Carried from the renewed loan'],
    [{ isRollForward: false, isCelsiusRefi: true }, 'Paid to the Celsius estate'],
  ])('names the draw of %o "%s"', (kind, label) => {
    const application = makeApplication({ state: 'COMPLETE', stage: 'FINAL', ...kind });
    render(<OfferSection detail={makeDetail({ application })} />);
    expect(screen.getByText(label)).toBeVisible();
    for (const other of [
      'Cash to the borrower',
      'Carried from the renewed loan',
      'Paid to the Celsius estate',
    ].filter((candidate) => candidate !== label)) {
      expect(screen.queryByText(other)).toBeNull();
    }
  });
});
