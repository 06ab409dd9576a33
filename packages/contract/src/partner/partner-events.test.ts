import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import {
  PARTNER_EVENT_DATA,
  PARTNER_EVENT_FORBIDDEN_FIELDS,
  PARTNER_EVENT_TYPES,
  parsePartnerEventData,
} from './partner-events.js';

const uuid = '7b0f3f5e-4a53-4a6f-9d43-1c2a2f0b7e11';

describe('partner event catalogue', () => {
  it('has one schema for every event the lender follows', () => {
    expect(PARTNER_EVENT_TYPES).toEqual([
      'application.created',
      'application.state_changed',
      'application.offer_accepted',
      'application.documents_signed',
      'application.collateral_received',
      'application.funds_released',
      'loan.funded',
      'loan.statement_issued',
      'loan.payment_received',
      'loan.payment_returned',
      'loan.deferral',
      'loan.risk_level_changed',
      'loan.liquidation_filled',
      'loan.paid_off',
      'loan.collateral_released',
      'loan.renewed',
      'refinancing.completed',
    ]);
  });

  it.each(PARTNER_EVENT_TYPES)('%s carries no personal field', (type) => {
    const schema = z.toJSONSchema(PARTNER_EVENT_DATA[type]) as { properties: object };
    const fields = Object.keys(schema.properties).map((field) => field.toLowerCase());
    for (const forbidden of PARTNER_EVENT_FORBIDDEN_FIELDS) {
      expect(fields.some((field) => field.includes(forbidden.toLowerCase()))).toBe(false);
    }
  });

  it('refuses data of the wrong shape and strips unknown fields', () => {
    expect(() => parsePartnerEventData('application.state_changed', { appUuid: uuid })).toThrow();
    expect(
      parsePartnerEventData('loan.payment_received', {
        loanUuid: uuid,
        paymentUuid: uuid,
        amountCents: 12_345,
        accountNumber: '000123456789',
      }),
    ).toEqual({ loanUuid: uuid, paymentUuid: uuid, amountCents: 12_345 });
  });

  it('refuses a risk level outside the catalogue', () => {
    expect(() =>
      parsePartnerEventData('loan.risk_level_changed', {
        loanUuid: uuid,
        level: 'LIQUIDATION',
        status: 'ACTIVE',
      }),
    ).toThrow();
  });
});
