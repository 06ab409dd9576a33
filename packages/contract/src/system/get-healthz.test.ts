import { describe, expect, it } from 'vitest';
import { getHealthz, ZGetHealthzResponse } from './get-healthz.js';

describe('getHealthz', () => {
  it('answers ok for the process and the database', () => {
    expect(getHealthz).toMatchObject({ method: 'GET', path: '/healthz', auth: 'none' });
    expect(ZGetHealthzResponse.parse({ status: 'ok', database: 'ok' })).toEqual({
      status: 'ok',
      database: 'ok',
    });
  });

  it.each([{ status: 'ok', database: 'down' }, { status: 'ok' }, {}])('refuses %j', (answer) => {
    expect(ZGetHealthzResponse.safeParse(answer).success).toBe(false);
  });
});
