import { describe, expect, it } from 'vitest';
import { opsProposals } from '../db/schema/index.js';
import { HttpError } from '../http/errors.js';
import { afterCursor, pageOf } from './newest-first-page.js';

const columns = { time: opsProposals.proposedAt, key: opsProposals.id };
const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));
const rows = [3, 2, 1].map((minute) => ({ time: at(minute), key: `row-${minute}` }));

describe('a list newest first, a page at a time', () => {
  it('answers the page and the cursor of the next one while rows are left', () => {
    expect(pageOf(rows, 2, (row) => row)).toEqual({
      page: rows.slice(0, 2),
      nextCursor: `${at(2).toISOString()}|row-2`,
    });
    expect(pageOf(rows, 3, (row) => row)).toEqual({ page: rows, nextCursor: null });
    expect(pageOf([], 3, (row) => row)).toEqual({ page: [], nextCursor: null });
  });

  it('reads every row without a cursor and refuses a cursor no page gave', () => {
    expect(afterCursor(undefined, columns)).toBeUndefined();
    expect(afterCursor(`${at(2).toISOString()}|row-2`, columns)).toBeDefined();
    for (const cursor of ['not-a-cursor', 'yesterday|row-2', `${at(2).toISOString()}|`]) {
      const read = () => afterCursor(cursor, columns, (key) => key.startsWith('row-'));
      expect(read).toThrow(HttpError);
      expect(read).toThrow('Invalid cursor');
    }
  });
});
