import { describe, expect, it } from 'vitest';
import { brandFor } from '../../brands/brands.js';
import { signInCodeMessage } from './sign-in-code-message.js';

describe('signInCodeMessage', () => {
  it('speaks for the brand and keeps the code out of the subject', () => {
    const brand = brandFor('markets', false);
    const message = signInCodeMessage({
      to: 'ada@example.com',
      code: '042917',
      brand,
      audience: 'customer',
    });
    expect(message.fromName).toBe('Summit Markets Credit');
    expect(message.subject).toBe('Your Summit Markets Credit sign-in code');
    expect(message.subject).not.toContain('042917');
    expect(message.text).toContain('Your Summit Markets Credit sign-in code is 042917.');
    expect(message.text).toContain('expires in 10 minutes');
    expect(message.text).toContain(brand.supportEmail);
    expect(message.secrets).toEqual(['042917']);
  });

  it('names the agent console for agents', () => {
    const message = signInCodeMessage({
      to: 'agent@example.com',
      code: '111111',
      brand: brandFor('default', true),
      audience: 'agent',
    });
    expect(message.text).toContain('Your Pledge Lending agent console sign-in code is 111111.');
  });
});
