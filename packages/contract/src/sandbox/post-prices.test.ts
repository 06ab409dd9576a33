import { describe, expect, it } from 'vitest';
import {
  postSandboxPrices,
  ZPostSandboxPricesBody,
  ZPostSandboxPricesResponse,
} from './post-prices.js';

describe('postSandboxPrices', () => {
  it('is the sandbox POST of DESIGN §3', () => {
    expect(postSandboxPrices).toMatchObject({
      method: 'POST',
      path: '/sandbox/prices',
      auth: 'none',
    });
  });

  it.each([{ BTC: 60000, ETH: 3000 }, { BTC: 61234.56 }, { ETH: 2999.99 }])(
    'accepts %j',
    (body) => {
      expect(ZPostSandboxPricesBody.parse(body)).toEqual(body);
    },
  );

  it.each([{}, { BTC: 0 }, { ETH: -3000 }, { BTC: '60000' }, { BTC: 1.001 }])(
    'refuses %j',
    (body) => {
      expect(ZPostSandboxPricesBody.safeParse(body).success).toBe(false);
    },
  );

  it('answers both prices and their time', () => {
    const answer = { BTC: 60000, ETH: 3000, updatedAt: '2025-01-02T03:04:05.000Z' };
    expect(ZPostSandboxPricesResponse.parse(answer)).toEqual(answer);
    expect(
      ZPostSandboxPricesResponse.safeParse({ BTC: 60000, updatedAt: answer.updatedAt }).success,
    ).toBe(false);
  });
});
