/**
 * The three US credit bureaus, where a borrower lifts a freeze or a lock on their credit file. A
 * freeze or lock is per bureau: lifting it at one leaves the others in place.
 */
export interface TCreditBureau {
  name: string;
  /** The bureau's page for placing and lifting a security freeze. */
  freezeUrl: string;
  /** The bureau's consumer site, where its credit-lock product is managed. */
  siteUrl: string;
  /** The bureau's freeze line, as it publishes it. */
  phone: string;
}

export const CREDIT_BUREAUS: readonly TCreditBureau[] = [
  {
    name: 'Equifax',
    freezeUrl: 'https://www.equifax.com/personal/credit-report-services/credit-freeze/',
    siteUrl: 'https://www.equifax.com/personal/',
    phone: '1-888-298-0045',
  },
  {
    name: 'Experian',
    freezeUrl: 'https://www.experian.com/freeze/center.html',
    siteUrl: 'https://www.experian.com/',
    phone: '1-888-397-3742',
  },
  {
    name: 'TransUnion',
    freezeUrl: 'https://www.transunion.com/credit-freeze',
    siteUrl: 'https://www.transunion.com/',
    phone: '1-888-909-8872',
  },
];

/** A telephone link for a number written for people ("(888) 555-0100", "1-888-298-0045"). */
export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `tel:+${digits.length === 10 ? `1${digits}` : digits}`;
}
