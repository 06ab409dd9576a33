/**
 * The one registry of controlled actions (DESIGN §6–7): every agent action that moves money, changes
 * an amount owed, or changes who owns a loan, a legacy loan or an agent's role is named here with
 * its control. The server applies the control from this table, not per route: a route only names
 * its action, the proposal is stored, and nothing happens until a different active agent, who is not
 * the person the action concerns, approves it. A test walks the contract to prove that every agent
 * route that writes is either here or listed with the reason it moves no money and no ownership.
 */

/** Every controlled action. RELEASE_FUNDS and RECORD_PAYOFF are the first two, kept by name. */
export const CONTROLLED_ACTION_KINDS = [
  'RELEASE_FUNDS',
  'RECORD_PAYOFF',
  'RECORD_WIRE',
  'REVERSE_PAYMENT',
  'LIQUIDATION_FILL',
  'SURPLUS_PAYOUT',
  'TAPE_IMPORT',
  'TAPE_REASSIGN',
  'ESTATE_PAYOFF',
  'REFI_COIN_RETURN',
  'DEACTIVATE_AGENT',
  'PUBLISH_BRAND',
  'CREATE_WEBHOOK_ENDPOINT',
  'CREATE_PARTNER_API_KEY',
] as const;
export type TControlledActionKind = (typeof CONTROLLED_ACTION_KINDS)[number];

/** What a proposal of an action is about. */
export const CONTROLLED_SUBJECTS = [
  'APPLICATION',
  'LOAN',
  'PAYMENT',
  'LIQUIDATION',
  'TAPE',
  'TAPE_LOAN',
  'ESTATE_PAYOFF',
  'REFI_COIN_RETURN',
  'AGENT',
  'BRAND',
] as const;
export type TControlledSubject = (typeof CONTROLLED_SUBJECTS)[number];

/** Where an amount of the action comes from, and what bounds it. */
export type TControlledAmount =
  /** No amount: the action changes a state or an owner. */
  | 'NONE'
  /** Exactly the ledger's figure at proposal and again at approval, or refused. */
  | 'LEDGER_FIGURE'
  /** The evidence's amount (a bank statement, a fill), bounded by what the ledger owes. */
  | 'BOUNDED_BY_LEDGER'
  /** The amount of the ledger entry it undoes. */
  | 'LEDGER_ENTRY'
  /** A market fill: within a band of the stored price feed at the fill's time. */
  | 'WITHIN_PRICE_BAND';

export interface TControlledActionRule {
  /** As the console and the audit trail name it. */
  label: string;
  subject: TControlledSubject;
  /** Always maker–checker: proposed by one agent, approved by a different active agent. */
  control: 'MAKER_CHECKER';
  amount: TControlledAmount;
  /**
   * Refused to an agent who is the borrower concerned (by person: identity, mailbox, SSN), both
   * when proposing and when approving.
   */
  refusesOwnLoan: boolean;
  /** What the control guards against, for the README and the console. */
  why: string;
}

export const CONTROLLED_ACTIONS: Readonly<Record<TControlledActionKind, TControlledActionRule>> = {
  RELEASE_FUNDS: {
    label: 'Release of funds',
    subject: 'APPLICATION',
    control: 'MAKER_CHECKER',
    amount: 'LEDGER_FIGURE',
    refusesOwnLoan: true,
    why: 'Money leaves the lender: the offer’s amount to the reviewed payout account, only with an approved ID.',
  },
  RECORD_PAYOFF: {
    label: 'Payoff',
    subject: 'APPLICATION',
    control: 'MAKER_CHECKER',
    amount: 'LEDGER_FIGURE',
    refusesOwnLoan: true,
    why: 'Closes the debt and frees the collateral: only for the ledger’s payoff figure of the day.',
  },
  RECORD_WIRE: {
    label: 'Wire received',
    subject: 'LOAN',
    control: 'MAKER_CHECKER',
    amount: 'BOUNDED_BY_LEDGER',
    refusesOwnLoan: true,
    why: 'Reduces what is owed: the bank statement’s amount, never more than is owed, posted on approval.',
  },
  REVERSE_PAYMENT: {
    label: 'Payment reversal',
    subject: 'PAYMENT',
    control: 'MAKER_CHECKER',
    amount: 'LEDGER_ENTRY',
    refusesOwnLoan: true,
    why: 'Changes what is owed: the mirror of the payment’s own journal.',
  },
  LIQUIDATION_FILL: {
    label: 'Liquidation fill',
    subject: 'LIQUIDATION',
    control: 'MAKER_CHECKER',
    amount: 'WITHIN_PRICE_BAND',
    refusesOwnLoan: true,
    why: 'Sells a borrower’s collateral: at a price within the band of the stored price feed.',
  },
  SURPLUS_PAYOUT: {
    label: 'Surplus payout',
    subject: 'LOAN',
    control: 'MAKER_CHECKER',
    amount: 'LEDGER_FIGURE',
    refusesOwnLoan: true,
    why: 'Money leaves the lender: exactly the surplus the ledger owes the borrower.',
  },
  TAPE_IMPORT: {
    label: 'Loan tape import',
    subject: 'TAPE',
    control: 'MAKER_CHECKER',
    amount: 'NONE',
    refusesOwnLoan: true,
    why: 'Creates and changes legacy loans and who may refinance them.',
  },
  TAPE_REASSIGN: {
    label: 'Legacy loan reassignment',
    subject: 'TAPE_LOAN',
    control: 'MAKER_CHECKER',
    amount: 'NONE',
    refusesOwnLoan: true,
    why: 'Changes who owns a legacy loan: never while it is being refinanced, always with a reason.',
  },
  ESTATE_PAYOFF: {
    label: 'Estate payoff',
    subject: 'ESTATE_PAYOFF',
    control: 'MAKER_CHECKER',
    amount: 'LEDGER_FIGURE',
    refusesOwnLoan: true,
    why: 'Confirms money paid to the old lender’s estate for a refinanced loan.',
  },
  REFI_COIN_RETURN: {
    label: 'Return of refinancing coins',
    subject: 'REFI_COIN_RETURN',
    control: 'MAKER_CHECKER',
    amount: 'LEDGER_FIGURE',
    refusesOwnLoan: true,
    why: 'Coins leave custody: every confirmed coin an ended refinancing received, to the address its borrower gave.',
  },
  DEACTIVATE_AGENT: {
    label: 'Agent deactivation',
    subject: 'AGENT',
    control: 'MAKER_CHECKER',
    amount: 'NONE',
    refusesOwnLoan: false,
    why: 'Ends an agent’s role: no single agent can remove the others.',
  },
  PUBLISH_BRAND: {
    label: 'Brand publication',
    subject: 'BRAND',
    control: 'MAKER_CHECKER',
    amount: 'NONE',
    refusesOwnLoan: false,
    why: 'Changes what every borrower of a brand is shown (names, licences, colours, hosts): a version, new or restored, is served only once a second agent approves it.',
  },
  CREATE_WEBHOOK_ENDPOINT: {
    label: 'Partner webhook endpoint',
    subject: 'BRAND',
    control: 'MAKER_CHECKER',
    amount: 'NONE',
    refusesOwnLoan: false,
    why: 'Sends every application and loan event of a brand to an outside system: the URL and its owner are checked by a second agent; the signing secret is shown once, to the agent who proposed it.',
  },
  CREATE_PARTNER_API_KEY: {
    label: 'Partner API key',
    subject: 'BRAND',
    control: 'MAKER_CHECKER',
    amount: 'NONE',
    refusesOwnLoan: false,
    why: 'Lets an outside system read a brand’s applications, loans and events: its scopes are checked by a second agent; the key is shown once, to the agent who proposed it, and only its digest is kept.',
  },
};

export const CONTROLLED_ACTION_STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'WITHDRAWN'] as const;
export type TControlledActionStatus = (typeof CONTROLLED_ACTION_STATUSES)[number];

export const CONTROL_MESSAGES = {
  sameAgent: 'You proposed this yourself: a different agent must approve it.',
  samePerson:
    'You and the agent who proposed this are the same person (one mailbox): a different agent must approve it.',
  ownLoan: 'You are the borrower concerned (the same person): another agent must act on it.',
  decided: 'This proposal has already been decided.',
  makerInactive:
    'The agent who proposed this is no longer active: the proposal lapsed. Propose it again.',
  keyReused: 'This Idempotency-Key was used for another proposal: send a new key.',
} as const;

/** Why this agent may not approve the proposal, or null when they may (the same agent, or decided). */
export function controlledApprovalRefusal(
  proposal: { status: TControlledActionStatus; proposedBy: string },
  agentUuid: string,
): string | null {
  if (proposal.proposedBy === agentUuid) return CONTROL_MESSAGES.sameAgent;
  if (proposal.status !== 'PENDING') return CONTROL_MESSAGES.decided;
  return null;
}

/** Domains whose mailboxes ignore dots in the local part (and one domain that is another's alias). */
const DOTLESS_MAILBOX_DOMAINS: Readonly<Record<string, string>> = {
  'gmail.com': 'gmail.com',
  'googlemail.com': 'gmail.com',
};

/**
 * The mailbox an address delivers to, as one key: lower case, no "+tag", and for providers that
 * ignore them, no dots in the local part. Two addresses with one key are one person's.
 */
export function mailboxKey(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  const domainPart = address.slice(at + 1);
  let local = address.slice(0, at);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  const dotless = DOTLESS_MAILBOX_DOMAINS[domainPart];
  if (dotless !== undefined) return `${local.replaceAll('.', '')}@${dotless}`;
  return `${local}@${domainPart}`;
}

/** True when two addresses reach the same mailbox. */
export function isSameMailbox(a: string, b: string): boolean {
  return mailboxKey(a) === mailboxKey(b);
}

/** Proposals of money moves one agent may send a minute (per client address). */
export const OPS_MONEY_PROPOSALS_PER_MINUTE = 30;

/** A desk fill's price may stray at most this far from the stored price feed, in basis points. */
export const DESK_FILL_PRICE_BAND_BPS = 500;

/**
 * Why a fill's price is out of the band around the stored feed's price, or null when inside:
 * |fill − feed| ≤ feed × band (integer cents, no rounding: compared as products).
 */
export function deskFillPriceRefusal(
  fillPriceCents: number,
  feedPriceCents: number,
): string | null {
  const gap = Math.abs(fillPriceCents - feedPriceCents);
  if (gap * 10_000 <= feedPriceCents * DESK_FILL_PRICE_BAND_BPS) return null;
  return `The fill price is more than ${DESK_FILL_PRICE_BAND_BPS / 100}% away from the price feed at that time (${(feedPriceCents / 100).toFixed(2)} USD).`;
}
