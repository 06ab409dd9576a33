import { listInWords, UNAVAILABLE_COUNTRY_NAMES } from '@pledge/domain';

/** The footer's line of the countries the loans are not available in (document 2 §9). */
export function UnavailableCountries() {
  return (
    <p className="site-footer__countries">
      Loans are not available to residents of{' '}
      {listInWords(UNAVAILABLE_COUNTRY_NAMES, { serialComma: false })}.
    </p>
  );
}

export default UnavailableCountries;
