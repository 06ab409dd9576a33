/**
 * The residence messages, apart from residence.ts and its lists of states and countries: the
 * contract's residence check uses only these words, and a page that validates a residence should
 * not download every country's name for them.
 */
export const RESIDENCE_MESSAGES = {
  required: 'Please select an option',
  bothGiven: 'Choose either a state or a country, not both',
  unknownState: 'Unknown state',
  unknownCountry: 'Unknown country',
  usAsCountry: 'US residents choose their state',
} as const;
