/**
 * The residence rules that look countries up, with the list of every country: the offer page loads
 * them only when its address names a country (useCountryRules).
 */
export { findCountry, isServiced, parseResidence } from '@pledge/domain';
