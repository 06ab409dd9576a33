import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { fieldErrorsFromZodError, fieldErrorsOf } from './field-errors.js';

const schema = z.object({
  name: z.string().min(1, 'Name required').min(3, 'Name too short'),
  address: z.object({ zip: z.string().regex(/^\d{5}$/, 'Bad ZIP') }),
  tags: z.array(z.string('Tag must be text')),
});

describe('fieldErrorsOf / fieldErrorsFromZodError', () => {
  it.each([
    ['valid', { name: 'Ada', address: { zip: '12345' }, tags: [] }, {}],
    [
      'nested and indexed paths',
      { name: 'Ada', address: { zip: '1' }, tags: ['a', 3] },
      {
        'address.zip': ['Bad ZIP'],
        'tags.1': ['Tag must be text'],
      },
    ],
    [
      'several messages on one field',
      { name: '', address: { zip: '12345' }, tags: [] },
      {
        name: ['Name required', 'Name too short'],
      },
    ],
  ] as const)('%s', (_label, input, errors) => {
    expect(fieldErrorsOf(schema, input)).toEqual(errors);
  });

  it('keys a whole-value problem by the empty path and lists a message once', () => {
    const result = z
      .string()
      .superRefine((_value, ctx) => {
        ctx.addIssue({ code: 'custom', message: 'Twice' });
        ctx.addIssue({ code: 'custom', message: 'Twice' });
      })
      .safeParse('x');
    expect(result.success).toBe(false);
    if (!result.success) expect(fieldErrorsFromZodError(result.error)).toEqual({ '': ['Twice'] });
  });
});
