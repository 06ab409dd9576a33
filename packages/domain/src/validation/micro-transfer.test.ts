import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from './field-errors.js';
import { ZMicroTransferConfirmation } from './micro-transfer.js';

describe('ZMicroTransferConfirmation', () => {
  it.each([
    ['unticked', { confirmed: false }, { confirmed: ['Required'] }],
    ['missing', {}, { confirmed: ['Required'] }],
    ['ticked', { confirmed: true }, {}],
  ] as const)('%s', (_label, input, errors) => {
    expect(fieldErrorsOf(ZMicroTransferConfirmation, input)).toEqual(errors);
  });
});
