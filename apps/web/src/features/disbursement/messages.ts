/** The error catalogue's words for bank linking (document 1 §8). */
export const BANK_LINK_MESSAGES = {
  accountsFailed: 'Unable to retrieve accounts. Try again',
  unexpected: 'Something unexpected happened. Try again',
} as const;
