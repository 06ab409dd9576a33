/**
 * Every form schema and validator, shared by the web forms and the server. The chain address
 * validators are re-exported here too: they are what the wallet and return-address rules rest on.
 */
export * from './field-errors.js';
export * from './numeric-input.js';
export * from './offer-form.js';
export * from './residency.js';
export * from './usdc-wallet.js';
export * from './manual-bank.js';
export * from './choose-account.js';
export * from './identity.js';
export * from './collateral.js';
export * from './return-address.js';
export * from './refinance-forms.js';
export * from './micro-transfer.js';
export * from './loan-details.js';
export * from './login.js';
export * from '../address/evm.js';
export * from '../address/bitcoin.js';
export * from '../address/solana.js';
export * from '../address/cosmos.js';
