import { describe, expect, it } from 'vitest';
import { withoutSecrets } from '../../adapters/email/port.js';
import { brandFor } from '../../brands/brands.js';
import { emailChangedMessage } from './email-change-messages.js';

describe('emailChangedMessage', () => {
  it('names both addresses to the reader, and the outbox’s copy names neither', () => {
    const message = emailChangedMessage({
      to: 'old@example.com',
      newEmail: 'new@example.com',
      undoUrl: 'https://pledge.example/auth/login?undoEmailChange=token',
      brand: brandFor('default', false),
    });
    expect(message.text).toContain('changed from old@example.com to new@example.com');
    const stored = withoutSecrets(message.text, message.secrets);
    expect(stored).not.toContain('@example.com');
    expect(stored).not.toContain('undoEmailChange');
  });
});
