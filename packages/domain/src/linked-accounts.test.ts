import { describe, expect, it } from 'vitest';
import type { TBankLinkStatus } from './enums.js';
import {
  disbursementAccountTypeOf,
  eligibleLinkedAccounts,
  isAnyBankLinkPending,
  isEligibleLinkedAccount,
  type TLinkedAccountLike,
  type TLinkedItemLike,
} from './linked-accounts.js';

const account = (
  id: string,
  name: string,
  overrides: Partial<TLinkedAccountLike> = {},
): TLinkedAccountLike => ({
  id,
  name,
  accountType: 'checking',
  accountNumberMask: id.slice(-4).padStart(4, '0'),
  holderCategory: 'PERSONAL',
  ...overrides,
});

const item = (
  institutionId: string,
  name: string,
  status: TBankLinkStatus,
  accounts: TLinkedAccountLike[],
): TLinkedItemLike<TLinkedAccountLike> => ({
  institution: { institutionId, name },
  status,
  accounts,
});

/** Institution name → account ids, in the order offered. */
function offered(items: TLinkedItemLike<TLinkedAccountLike>[]) {
  return eligibleLinkedAccounts(items).institutions.map(
    (entry) => [entry.institution.name, entry.accounts.map((a) => a.id)] as const,
  );
}

describe('isAnyBankLinkPending', () => {
  it.each<[TBankLinkStatus[], boolean]>([
    [[], false],
    [['COMPLETE'], false],
    [['PENDING'], true],
    [['COMPLETE', 'PENDING'], true],
    [['PENDING_VERIFICATION', 'UPDATING', 'FAILED'], false],
  ])('%j → %s', (statuses, expected) => {
    expect(isAnyBankLinkPending(statuses.map((status) => ({ status })))).toBe(expected);
  });
});

describe('disbursementAccountTypeOf', () => {
  it.each([
    ['checking', 'CHECKING'],
    ['savings', 'SAVINGS'],
    ['Savings', 'SAVINGS'],
    ['money market', null],
    ['cd', null],
    ['', null],
  ] as const)('%s → %s', (accountType, expected) => {
    expect(disbursementAccountTypeOf(accountType)).toBe(expected);
  });
});

describe('isEligibleLinkedAccount', () => {
  it.each<[Partial<TLinkedAccountLike>, boolean]>([
    [{ holderCategory: 'PERSONAL', accountType: 'checking' }, true],
    [{ holderCategory: 'PERSONAL', accountType: 'savings' }, true],
    [{ holderCategory: 'BUSINESS', accountType: 'checking' }, false],
    [{ holderCategory: 'PERSONAL', accountType: 'credit card' }, false],
  ])('%j → %s', (overrides, expected) => {
    expect(isEligibleLinkedAccount(account('a-0001', 'Account', overrides))).toBe(expected);
  });
});

describe('eligibleLinkedAccounts', () => {
  const cases: [string, TLinkedItemLike<TLinkedAccountLike>[], [string, string[]][], number][] = [
    ['no items', [], [], 0],
    [
      'only COMPLETE institutions',
      [
        item('ins_1', 'Tartan Bank', 'PENDING', [account('t-0001', 'Checking')]),
        item('ins_2', 'First Platypus Bank', 'FAILED', [account('p-0001', 'Checking')]),
        item('ins_3', 'Houndstooth Bank', 'COMPLETE', [account('h-0001', 'Checking')]),
      ],
      [['Houndstooth Bank', ['h-0001']]],
      0,
    ],
    [
      'institutions sorted by name, accounts sorted by name',
      [
        item('ins_1', 'Tartan Bank', 'COMPLETE', [
          account('t-0002', 'Tartan Saving', { accountType: 'savings' }),
          account('t-0001', 'Tartan Checking'),
        ]),
        item('ins_2', 'First Platypus Bank', 'COMPLETE', [account('p-0001', 'Plaid Checking')]),
      ],
      [
        ['First Platypus Bank', ['p-0001']],
        ['Tartan Bank', ['t-0001', 't-0002']],
      ],
      0,
    ],
    [
      'items of one institution merged, the same account linked twice shown once',
      [
        item('ins_1', 'Tartan Bank', 'COMPLETE', [
          account('item1-checking', 'Tartan Checking', { accountNumberMask: '3333' }),
        ]),
        item('ins_1', 'Tartan Bank', 'COMPLETE', [
          account('item2-checking', 'Tartan Checking', { accountNumberMask: '3333' }),
          account('item2-savings', 'Tartan Saving', {
            accountType: 'savings',
            accountNumberMask: '4444',
          }),
        ]),
      ],
      [['Tartan Bank', ['item1-checking', 'item2-savings']]],
      0,
    ],
    [
      'the same id twice shown once',
      [
        item('ins_1', 'Tartan Bank', 'COMPLETE', [account('t-0001', 'Checking')]),
        item('ins_1', 'Tartan Bank', 'COMPLETE', [account('t-0001', 'Checking')]),
      ],
      [['Tartan Bank', ['t-0001']]],
      0,
    ],
    [
      'business accounts left out and counted; an institution with none eligible left out',
      [
        item('ins_1', 'Tartan Bank', 'COMPLETE', [
          account('t-0001', 'Tartan Checking'),
          account('t-0003', 'Tartan Business Checking', { holderCategory: 'BUSINESS' }),
        ]),
        item('ins_2', 'Acme Business Bank', 'COMPLETE', [
          account('a-0001', 'Acme Business Checking', { holderCategory: 'BUSINESS' }),
        ]),
      ],
      [['Tartan Bank', ['t-0001']]],
      2,
    ],
    [
      'accounts that are neither checking nor savings left out',
      [
        item('ins_1', 'Tartan Bank', 'COMPLETE', [
          account('t-0001', 'Tartan Checking'),
          account('t-0009', 'Tartan Credit Card', { accountType: 'credit card' }),
        ]),
      ],
      [['Tartan Bank', ['t-0001']]],
      1,
    ],
  ];

  it.each(cases)('%s', (_, items, expected, ineligibleCount) => {
    expect(offered(items)).toEqual(expected);
    expect(eligibleLinkedAccounts(items).ineligibleCount).toBe(ineligibleCount);
  });
});
