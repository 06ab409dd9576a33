import type { THousingLogo } from '@pledge/contract';

/** The words of each fair-lending mark: its accessible name and its caption. */
export const HOUSING_LOGO_NAMES: Readonly<Record<THousingLogo, string>> = {
  EQUAL_HOUSING_LENDER: 'Equal Housing Lender',
  EQUAL_HOUSING_OPPORTUNITY: 'Equal Housing Opportunity',
  EQUAL_OPPORTUNITY: 'Equal Opportunity Lender',
};

/** A house with the equality sign in it: the fair-housing mark. */
function HouseMark() {
  return (
    <>
      <path d="M24 4 3 20h5v22h32V20h5L24 4Z" fill="none" stroke="currentColor" strokeWidth="3" />
      <path d="M15 24h18v4H15zM15 32h18v4H15z" fill="currentColor" />
    </>
  );
}

/** The equality sign in a circle: the equal-opportunity mark. */
function EqualOpportunityMark() {
  return (
    <>
      <circle cx="24" cy="24" r="19" fill="none" stroke="currentColor" strokeWidth="3" />
      <path d="M14 18h20v4H14zM14 26h20v4H14z" fill="currentColor" />
    </>
  );
}

/**
 * The fair-housing or equal-opportunity mark the brand shows (document 2 §2), drawn here so it
 * takes the text colour and stays sharp; the caption says the same words as its accessible name.
 */
export function HousingLogo({ logo }: { logo: THousingLogo }) {
  const name = HOUSING_LOGO_NAMES[logo];
  return (
    <span className="housing-logo">
      <svg
        className="housing-logo__mark"
        viewBox="0 0 48 48"
        width="40"
        height="40"
        role="img"
        aria-label={name}
        focusable="false"
      >
        {logo === 'EQUAL_OPPORTUNITY' ? <EqualOpportunityMark /> : <HouseMark />}
      </svg>
      <span className="housing-logo__caption" aria-hidden="true">
        {name}
      </span>
    </span>
  );
}
