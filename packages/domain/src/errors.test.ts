import { describe, expect, it } from 'vitest';
import { DomainError, isDomainError } from './errors.js';

describe('DomainError', () => {
  it('carries a code, a message and optional field errors', () => {
    const error = new DomainError('INVALID_RESIDENCE', 'Unknown state', {
      state: ['Unknown state'],
    });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('DomainError');
    expect(error.code).toBe('INVALID_RESIDENCE');
    expect(error.message).toBe('Unknown state');
    expect(error.fieldErrors).toEqual({ state: ['Unknown state'] });
  });

  it('leaves fieldErrors out when none are given', () => {
    const error = new DomainError('INVALID_AMOUNT', 'Not an amount');
    expect(error.fieldErrors).toBeUndefined();
    expect('fieldErrors' in error).toBe(false);
  });
});

describe('isDomainError', () => {
  it.each<[string, unknown, boolean]>([
    ['a DomainError', new DomainError('X', 'x'), true],
    ['a plain Error', new Error('x'), false],
    ['an object shaped like one', { code: 'X', message: 'x', name: 'DomainError' }, false],
    ['a string', 'X', false],
    ['null', null, false],
    ['undefined', undefined, false],
  ])('%s → %s', (_label, value, expected) => {
    expect(isDomainError(value)).toBe(expected);
  });
});
