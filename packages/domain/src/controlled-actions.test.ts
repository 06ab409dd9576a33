import { describe, expect, it } from 'vitest';
import {
  CONTROLLED_ACTION_KINDS,
  CONTROLLED_ACTIONS,
  controlledApprovalRefusal,
  deskFillPriceRefusal,
  isSameMailbox,
  mailboxKey,
} from './controlled-actions.js';
import { OPS_PROPOSAL_KINDS } from './maker-checker.js';

describe('the registry of controlled actions', () => {
  it('names every action once, each under maker–checker', () => {
    expect(Object.keys(CONTROLLED_ACTIONS).sort()).toEqual([...CONTROLLED_ACTION_KINDS].sort());
    for (const kind of CONTROLLED_ACTION_KINDS) {
      expect(CONTROLLED_ACTIONS[kind].control).toBe('MAKER_CHECKER');
      expect(CONTROLLED_ACTIONS[kind].label.length).toBeGreaterThan(0);
    }
  });

  it('keeps the release and payoff proposals of the first release among them', () => {
    for (const kind of OPS_PROPOSAL_KINDS) expect(CONTROLLED_ACTION_KINDS).toContain(kind);
  });

  it('refuses the own loan for every action about a borrower', () => {
    const aboutNoBorrower = CONTROLLED_ACTION_KINDS.filter(
      (k) => !CONTROLLED_ACTIONS[k].refusesOwnLoan,
    );
    expect(aboutNoBorrower).toEqual([
      'DEACTIVATE_AGENT',
      'PUBLISH_BRAND',
      'CREATE_WEBHOOK_ENDPOINT',
      'CREATE_PARTNER_API_KEY',
    ]);
  });
});

describe('controlledApprovalRefusal', () => {
  it.each([
    { status: 'PENDING', proposedBy: 'a', agent: 'a', refused: true },
    { status: 'PENDING', proposedBy: 'a', agent: 'b', refused: false },
    { status: 'APPROVED', proposedBy: 'a', agent: 'b', refused: true },
    { status: 'REJECTED', proposedBy: 'a', agent: 'b', refused: true },
  ] as const)('$status by $proposedBy, approved by $agent: refused $refused', (row) => {
    const refusal = controlledApprovalRefusal(row, row.agent);
    expect(refusal !== null).toBe(row.refused);
  });
});

describe('mailboxKey', () => {
  it.each([
    ['Ops.One@Example.com', 'ops.one@example.com'],
    ['ops.one+loans@example.com', 'ops.one@example.com'],
    [' OPS+a+b@example.com ', 'ops@example.com'],
    ['j.o.h.n+x@gmail.com', 'john@gmail.com'],
    ['John@GoogleMail.com', 'john@gmail.com'],
    ['+only@example.com', '+only@example.com'],
    ['no-at-sign', 'no-at-sign'],
  ])('%s is the mailbox %s', (address, key) => {
    expect(mailboxKey(address)).toBe(key);
  });

  it('tells one mailbox from another', () => {
    expect(isSameMailbox('a.b@gmail.com', 'ab+1@googlemail.com')).toBe(true);
    expect(isSameMailbox('a.b@example.com', 'ab@example.com')).toBe(false);
  });
});

describe('deskFillPriceRefusal', () => {
  it.each([
    { fill: 6_000_000, feed: 6_000_000, ok: true },
    { fill: 6_300_000, feed: 6_000_000, ok: true },
    { fill: 5_700_000, feed: 6_000_000, ok: true },
    { fill: 6_300_001, feed: 6_000_000, ok: false },
    { fill: 5_699_999, feed: 6_000_000, ok: false },
    { fill: 1, feed: 6_000_000, ok: false },
  ])('fill $fill against feed $feed: accepted $ok', ({ fill, feed, ok }) => {
    expect(deskFillPriceRefusal(fill, feed) === null).toBe(ok);
  });
});
