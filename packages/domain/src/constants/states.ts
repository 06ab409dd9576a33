/**
 * The 50 US states and the District of Columbia, with the state rules of document 1 §9.
 */

/** Sorted by name, the order the residency picker shows. */
export const US_STATES = [
  { code: 'AL', name: 'Alabama' },
  { code: 'AK', name: 'Alaska' },
  { code: 'AZ', name: 'Arizona' },
  { code: 'AR', name: 'Arkansas' },
  { code: 'CA', name: 'California' },
  { code: 'CO', name: 'Colorado' },
  { code: 'CT', name: 'Connecticut' },
  { code: 'DE', name: 'Delaware' },
  { code: 'DC', name: 'District of Columbia' },
  { code: 'FL', name: 'Florida' },
  { code: 'GA', name: 'Georgia' },
  { code: 'HI', name: 'Hawaii' },
  { code: 'ID', name: 'Idaho' },
  { code: 'IL', name: 'Illinois' },
  { code: 'IN', name: 'Indiana' },
  { code: 'IA', name: 'Iowa' },
  { code: 'KS', name: 'Kansas' },
  { code: 'KY', name: 'Kentucky' },
  { code: 'LA', name: 'Louisiana' },
  { code: 'ME', name: 'Maine' },
  { code: 'MD', name: 'Maryland' },
  { code: 'MA', name: 'Massachusetts' },
  { code: 'MI', name: 'Michigan' },
  { code: 'MN', name: 'Minnesota' },
  { code: 'MS', name: 'Mississippi' },
  { code: 'MO', name: 'Missouri' },
  { code: 'MT', name: 'Montana' },
  { code: 'NE', name: 'Nebraska' },
  { code: 'NV', name: 'Nevada' },
  { code: 'NH', name: 'New Hampshire' },
  { code: 'NJ', name: 'New Jersey' },
  { code: 'NM', name: 'New Mexico' },
  { code: 'NY', name: 'New York' },
  { code: 'NC', name: 'North Carolina' },
  { code: 'ND', name: 'North Dakota' },
  { code: 'OH', name: 'Ohio' },
  { code: 'OK', name: 'Oklahoma' },
  { code: 'OR', name: 'Oregon' },
  { code: 'PA', name: 'Pennsylvania' },
  { code: 'RI', name: 'Rhode Island' },
  { code: 'SC', name: 'South Carolina' },
  { code: 'SD', name: 'South Dakota' },
  { code: 'TN', name: 'Tennessee' },
  { code: 'TX', name: 'Texas' },
  { code: 'UT', name: 'Utah' },
  { code: 'VT', name: 'Vermont' },
  { code: 'VA', name: 'Virginia' },
  { code: 'WA', name: 'Washington' },
  { code: 'WV', name: 'West Virginia' },
  { code: 'WI', name: 'Wisconsin' },
  { code: 'WY', name: 'Wyoming' },
] as const;

export type TUsStateCode = (typeof US_STATES)[number]['code'];

export const US_STATE_CODES: readonly TUsStateCode[] = US_STATES.map((entry) => entry.code);

/** Loans are not offered to residents of these; the residency page offers 'Join Waitlist' instead. */
export const UNSERVICED_STATE_CODES: readonly TUsStateCode[] = [
  'ID',
  'IL',
  'KY',
  'MD',
  'MS',
  'SD',
  'TX',
  'VT',
  'VA',
  'DC',
];

/**
 * State minimum loan amounts in whole US dollars (document 1 §9); every other state uses
 * DEFAULT_MIN_LOAN_USD_DOMESTIC.
 */
export const STATE_MIN_LOAN_USD: Readonly<Partial<Record<TUsStateCode, number>>> = {
  OH: 5001,
  MA: 6001,
  AZ: 10001,
  NH: 10001,
  NM: 10001,
  AK: 25001,
  KS: 25001,
  WI: 25001,
  CT: 50001,
  NJ: 50001,
  PA: 50001,
  OK: 60001,
  UT: 61001,
  IA: 69501,
  ME: 69501,
  WY: 75001,
  MN: 100001,
  HI: 250001,
};
