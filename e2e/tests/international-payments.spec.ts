import { randomUUID } from 'node:crypto';
import { APP, expect, expectAccessible, screenshotBothWidths, test } from '../fixtures/index.js';
import { sandboxLoan } from '../fixtures/loan.js';
import { signInBorrower, useBorrowerInBrowser } from '../fixtures/new-application.js';

// A borrower paid out in USDC (issue 33, finding 8): their loan has no US bank account, so its
// page shows the lender's wire instructions with the loan's reference, says USDC is not taken
// back, and offers no ACH payment, autopay or ACH payoff.
test('an international loan is paid by wire, with its reference, and offers no ACH', async ({
  page,
  request,
}) => {
  const email = `usdc-${randomUUID()}@example.com`;
  const { loanUuid } = await sandboxLoan(request, { email, countryCode: 'DE' });
  const reference = `PL${loanUuid.replaceAll('-', '').toUpperCase()}`;

  await useBorrowerInBrowser(page, await signInBorrower(request, email));
  await page.goto(`${APP}/loans/${loanUuid}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Your loan' })).toBeVisible();

  const wire = page.getByRole('region', { name: 'Pay by wire' });
  await expect(wire.getByText(reference)).toBeVisible();
  await expect(wire.getByText('Routing number (ABA, from US banks)')).toBeVisible();
  await expect(wire.getByText('SWIFT/BIC (from banks abroad)')).toBeVisible();
  await expect(wire.getByText(/Repayments in USDC are not accepted/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay now' })).toHaveCount(0);
  await expect(page.getByRole('switch', { name: 'Autopay' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Pay down your balance' })).toHaveCount(0);

  const payoff = page.getByRole('region', { name: 'Pay off your loan' });
  await payoff.getByRole('button', { name: 'Get a payoff quote' }).click();
  await expect(payoff.getByText(/To pay it off, wire \$[\d,]+\.\d{2} before then/)).toContainText(
    reference,
  );
  await expect(payoff.getByRole('button', { name: /^Pay off \$/ })).toHaveCount(0);

  await expectAccessible(page);
  await screenshotBothWidths(page, 'loan-international');
});
