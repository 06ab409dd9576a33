import {
  emptyProfile,
  type TBrand,
  type TProfileAddress,
  type TValidCountry,
  type TValidState,
} from '@pledge/contract';
import { FALLBACK_BRAND } from '../brand/fallback-brand.js';

export const APP_UUID = '5f0c2b9e-3d4a-4c1b-9a7e-2b6d8f1e0c3a';
export const OFFER_UUID = 'a3e1c7d2-6b4f-4e8a-8c2d-9f1b7e5a3c40';

/** Ada's home in Columbus, Ohio: the address the borrower tests type in, and send, and find on file. */
export const HOME_ADDRESS = {
  street1: '1 Main St',
  city: 'Columbus',
  state: 'OH',
  zip: '43004',
  country: 'US',
} as const;

/** Ada's home as her profile keeps it. */
export const PROFILE_HOME: TProfileAddress = { type: 'HOME', ...HOME_ADDRESS, street2: null };

/** The profile of a borrower who has not given their details yet. */
export const EMPTY_PROFILE = emptyProfile('0b7e6c1a-3f2d-4e5b-9a8c-7d6e5f4a3b2c');

export function makeBrand(overrides: Partial<TBrand> = {}): TBrand {
  return {
    ...FALLBACK_BRAND,
    orgCode: 'partner',
    companyName: 'Harbor Credit Partners',
    legalName: 'Harbor Credit Partners, Inc.',
    supportEmail: 'help@harbor.example',
    nmlsNumber: '1234567',
    ...overrides,
  };
}

export const VALID_STATES: TValidState[] = [
  {
    state: 'CA',
    name: 'California',
    rateEnabled: true,
    minLoanAmount: 5000,
    maxLoanAmount: 2000000,
  },
  { state: 'OH', name: 'Ohio', rateEnabled: true, minLoanAmount: 5001, maxLoanAmount: 2000000 },
  { state: 'TX', name: 'Texas', rateEnabled: false, minLoanAmount: 5000, maxLoanAmount: 2000000 },
];

export const VALID_COUNTRIES: TValidCountry[] = [
  { code: 'GB', name: 'United Kingdom', enabled: true },
  { code: 'US', name: 'United States', enabled: true },
  { code: 'CU', name: 'Cuba', enabled: false },
  { code: 'DE', name: 'Germany', enabled: true },
  { code: 'AU', name: 'Australia', enabled: true },
];
