/**
 * The residence lists' endpoints, for the calls of this folder to load with their first call (see
 * api/client.ts): the offer page, which asks for the states' loan limits, renders before these
 * schemas and zod have downloaded.
 */
export { getValidCountries, getValidStates } from '@pledge/contract';
