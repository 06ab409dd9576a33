/**
 * Which disclosures an application must have signed, decided once its credit check has passed
 * (GEN_APP_DISCLOSURES). The document service renders and serves one PDF per recorded kind, in
 * this order.
 */
import type { TDb } from '../../db/pool.js';
import { applicationRequiredDisclosures } from '../../db/schema/index.js';

export const DISCLOSURE_KINDS = [
  'E_SIGN_CONSENT',
  'TRUTH_IN_LENDING_DISCLOSURE',
  'LOAN_AGREEMENT',
  'PLEDGE_AND_SECURITY_AGREEMENT',
] as const;
export type TDisclosureKind = (typeof DISCLOSURE_KINDS)[number];

/**
 * Every borrower consents to electronic records first (every other document is signed
 * electronically), then signs the loan agreement and the pledge of the collateral. The Truth in
 * Lending disclosure is owed to US consumers only; international borrowers are paid in USDC under
 * the loan agreement alone.
 */
export function requiredDisclosures(application: { isInternational: boolean }): TDisclosureKind[] {
  return DISCLOSURE_KINDS.filter(
    (kind) => !(application.isInternational && kind === 'TRUTH_IN_LENDING_DISCLOSURE'),
  );
}

/** Records the application's disclosures (again without effect, should the step be retried). */
export async function recordRequiredDisclosures(
  tx: TDb,
  application: { uuid: string; isInternational: boolean },
  at: Date,
): Promise<TDisclosureKind[]> {
  const kinds = requiredDisclosures(application);
  await tx
    .insert(applicationRequiredDisclosures)
    .values(
      kinds.map((kind, index) => ({
        applicationUuid: application.uuid,
        kind,
        position: index + 1,
        createdAt: at,
      })),
    )
    .onConflictDoNothing();
  return kinds;
}
