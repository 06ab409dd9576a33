/**
 * The pricing endpoints, for the calls of this folder to load with their first call (see
 * api/client.ts): the offer page renders before these schemas and zod have downloaded.
 */
export { getCryptoValues, postRates } from '@pledge/contract';
