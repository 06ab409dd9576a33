import { describe, expect, it } from 'vitest';
import { getLivez, ZGetLivezResponse } from './get-livez.js';
import { getReadyz, ZGetReadyzResponse } from './get-readyz.js';

describe('getReadyz and getLivez', () => {
  it('are open GETs on their own paths', () => {
    expect(getReadyz).toMatchObject({ method: 'GET', path: '/readyz', auth: 'none' });
    expect(getLivez).toMatchObject({ method: 'GET', path: '/livez', auth: 'none' });
  });

  it('accept only the answers of a ready and a live instance', () => {
    const ready = { status: 'ready', database: 'ok', migrations: 'current' };
    expect(ZGetReadyzResponse.parse(ready)).toEqual(ready);
    expect(ZGetLivezResponse.parse({ status: 'ok' })).toEqual({ status: 'ok' });
  });

  it.each([{ status: 'ready', database: 'ok', migrations: 'pending' }, { status: 'ready' }, {}])(
    'refuses the readiness answer %j',
    (answer) => {
      expect(ZGetReadyzResponse.safeParse(answer).success).toBe(false);
    },
  );
});
