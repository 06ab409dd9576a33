import { UNAVAILABLE_COUNTRY_NAMES } from '@pledge/domain';

/** Joins names as a sentence: "A, B and C". */
export function listInWords(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
}

/** The footer's line of the countries the loans are not available in (document 2 §9). */
export function UnavailableCountries() {
  return (
    <p className="site-footer__countries">
      Loans are not available to residents of {listInWords(UNAVAILABLE_COUNTRY_NAMES)}.
    </p>
  );
}

export default UnavailableCountries;
