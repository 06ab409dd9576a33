/** The sandbox chain as the tests use it: coins sent to a deposit address. */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/** Sends `amount` coins to a deposit address on the sandbox chain; the chain takes them (201). */
export async function sendCoins(
  app: FastifyInstance,
  address: string,
  amount: string,
): Promise<void> {
  const response = await app.inject({
    method: 'POST',
    url: '/sandbox/chain/deposits',
    payload: { address, amount },
  });
  expect(response.statusCode, response.body).toBe(201);
}
