import { describe, expect, it } from 'vitest';
import { STAGES, WITHDRAWAL_RESULTS, type TStage } from './enums.js';
import {
  collateralDeadlineAt,
  isCollateralNotFound,
  isCollateralOverdue,
  isCollateralReleaseReady,
  remainingCoinDue,
  truncateDepositAddress,
  type TCollateralReleaseRequest,
  type TCollateralReleaseResponse,
} from './collateral.js';

describe('isCollateralReleaseReady', () => {
  const request: TCollateralReleaseRequest = { requestId: 'req-1', address: 'bc1q...' };
  const cases: readonly (readonly [
    string,
    TStage,
    TCollateralReleaseRequest | null,
    TCollateralReleaseResponse[] | null,
    boolean,
  ])[] = [
    ['no request yet', 'COLLATERAL_RELEASE', null, null, true],
    ['no request, empty responses', 'COLLATERAL_RELEASE', null, [], true],
    ['request without an answer', 'COLLATERAL_RELEASE', request, [], false],
    [
      'request failed',
      'COLLATERAL_RELEASE',
      request,
      [{ id: 'req-1', result: 'WITHDRAWAL_FAILED' }],
      true,
    ],
    [
      'request succeeded',
      'COLLATERAL_RELEASE',
      request,
      [{ id: 'req-1', result: 'SUCCESS' }],
      false,
    ],
    [
      'another request failed',
      'COLLATERAL_RELEASE',
      request,
      [{ id: 'req-0', result: 'WITHDRAWAL_FAILED' }],
      false,
    ],
    ['wrong stage, no request', 'FINAL', null, null, false],
    [
      'wrong stage, failed request',
      'ORIGINATING',
      request,
      [{ id: 'req-1', result: 'WITHDRAWAL_FAILED' }],
      false,
    ],
  ];
  it.each(cases)('%s', (_label, stage, releaseRequest, releaseResponses, ready) => {
    expect(isCollateralReleaseReady({ stage, releaseRequest, releaseResponses })).toBe(ready);
  });

  it.each(WITHDRAWAL_RESULTS.map((result) => [result, result === 'WITHDRAWAL_FAILED'] as const))(
    'a request answered %s is ready again: %s',
    (result, ready) => {
      expect(
        isCollateralReleaseReady({
          stage: 'COLLATERAL_RELEASE',
          releaseRequest: request,
          releaseResponses: [{ id: 'req-1', result }],
        }),
      ).toBe(ready);
    },
  );

  it('is only ever ready in stage COLLATERAL_RELEASE', () => {
    for (const stage of STAGES) {
      expect(
        isCollateralReleaseReady({ stage, releaseRequest: null, releaseResponses: null }),
      ).toBe(stage === 'COLLATERAL_RELEASE');
    }
  });
});

describe('isCollateralNotFound', () => {
  const now = '2025-03-10T12:00:00.000Z';
  const cases: readonly (readonly [string, string | null, string | null, boolean])[] = [
    ['no balance, opted in 25 h ago', null, '2025-03-09T11:00:00.000Z', true],
    ['zero balance, opted in 2 days ago', '0', '2025-03-08T12:00:00.000Z', true],
    ['zero with decimals, opted in 2 days ago', '0.000000', '2025-03-08T12:00:00.000Z', true],
    ['no balance, exactly 24 h ago', null, '2025-03-09T12:00:00.000Z', false],
    ['no balance, 24 h and 1 ms ago', null, '2025-03-09T11:59:59.999Z', true],
    ['no balance, opted in 1 h ago', null, '2025-03-10T11:00:00.000Z', false],
    ['no balance, never opted in', null, null, false],
    ['some balance, opted in 2 days ago', '0.0001', '2025-03-08T12:00:00.000Z', false],
  ];
  it.each(cases)('%s', (_label, balance, optInAt, notFound) => {
    expect(isCollateralNotFound({ balance, optInAt, now })).toBe(notFound);
    expect(
      isCollateralNotFound({
        balance,
        optInAt: optInAt === null ? null : new Date(optInAt),
        now: new Date(now),
      }),
    ).toBe(notFound);
  });
});

describe('truncateDepositAddress', () => {
  it.each([
    ['bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', 'bc1qar0srrr7xfkvy5l643lydn…'],
    ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', '0x5aAeb6053F3E94C9b9A09f33…'],
    ['12345678901234567890123456', '12345678901234567890123456'],
    ['short', 'short'],
  ])('%s → %s', (address, shown) => {
    expect(truncateDepositAddress(address)).toBe(shown);
  });

  it('keeps 26 characters of a long address', () => {
    expect(truncateDepositAddress('x'.repeat(40)).replace('…', '')).toHaveLength(26);
  });
});

describe('remainingCoinDue', () => {
  it.each([
    ['1.5', '0.25', '1.25'],
    ['1.5', null, '1.5'],
    ['1.5', '1.5', '0'],
    ['1.5', '2', '0'],
    ['0.3', '0.1', '0.2'],
    ['0.00000003', '0.00000001', '0.00000002'],
    ['10', '0.000001', '9.999999'],
  ] as const)('%s required, %s held → %s due', (required, balance, due) => {
    expect(remainingCoinDue(required, balance)).toBe(due);
  });
});

describe('collateral deadline', () => {
  const signedAt = '2025-03-01T15:30:00.000Z';
  it('falls 5 days after the last signature', () => {
    expect(collateralDeadlineAt(signedAt).toISOString()).toBe('2025-03-06T15:30:00.000Z');
    expect(collateralDeadlineAt(new Date(signedAt)).toISOString()).toBe('2025-03-06T15:30:00.000Z');
  });

  it.each([
    ['4 days later', '2025-03-05T15:30:00.000Z', false],
    ['at the deadline', '2025-03-06T15:30:00.000Z', false],
    ['1 ms after the deadline', '2025-03-06T15:30:00.001Z', true],
    ['a week later', '2025-03-08T00:00:00.000Z', true],
  ] as const)('%s: overdue %s', (_label, now, overdue) => {
    expect(isCollateralOverdue({ signedAt, now })).toBe(overdue);
  });
});
