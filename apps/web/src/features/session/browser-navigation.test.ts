import { describe, expect, it, vi } from 'vitest';
import { browserNavigation } from './browser-navigation.js';

describe('browserNavigation.postAndFollow', () => {
  it('POSTs without a body and loads the page the redirect led to', async () => {
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    const location = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign: location });
    const answer = new Response('<html></html>', { status: 200 });
    Object.defineProperties(answer, {
      redirected: { value: true },
      url: { value: 'http://localhost/auth/login?audience=customer&nonce=n' },
    });
    const fetch = vi.fn<typeof globalThis.fetch>().mockResolvedValue(answer);
    vi.stubGlobal('fetch', fetch);
    await browserNavigation.postAndFollow('/identity-broker/customer/api/v3/login?nonce=n');
    expect(fetch).toHaveBeenCalledWith('/identity-broker/customer/api/v3/login?nonce=n', {
      method: 'POST',
      credentials: 'include',
      redirect: 'follow',
    });
    expect(location).toHaveBeenCalledWith('http://localhost/auth/login?audience=customer&nonce=n');
    expect(assign).not.toHaveBeenCalled();
  });

  it('fails when the POST was not redirected', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof globalThis.fetch>().mockResolvedValue(new Response('{}', { status: 429 })),
    );
    await expect(browserNavigation.postAndFollow('/login')).rejects.toThrow('status 429');
  });
});
