/**
 * What the offer page needs only once a rates answer is there: the domain's offer maths (APR, LTV,
 * liquidation price, the cost of the credit) and the components that show their results. Loaded after the page's first
 * paint (see useOfferResults), so that the form shows without it.
 */
export { computeOffer } from '@pledge/domain';
export { OfferTermsList } from './offer-terms-list.js';
export { OfferWhatIf } from './offer-what-if.js';
export { RateTable } from './rate-table.js';
export { TruthInLendingBox } from './truth-in-lending-box.js';
