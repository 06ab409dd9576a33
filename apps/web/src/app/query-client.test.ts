import { describe, expect, it, vi } from 'vitest';
import { QueryObserver } from '@tanstack/react-query';
import { createQueryClient } from './query-client.js';

describe('createQueryClient', () => {
  it('does not retry a failed query', async () => {
    const client = createQueryClient();
    const queryFn = vi.fn().mockRejectedValue(new Error('down'));
    await expect(client.fetchQuery({ queryKey: ['failing'], queryFn })).rejects.toThrow('down');
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('does not refetch when another screen mounts the same query', async () => {
    const client = createQueryClient();
    const queryFn = vi.fn().mockResolvedValue('answer');
    await client.fetchQuery({ queryKey: ['shared'], queryFn });
    const observer = new QueryObserver(client, { queryKey: ['shared'], queryFn });
    const unsubscribe = observer.subscribe(() => undefined);
    expect(observer.getCurrentResult().data).toBe('answer');
    unsubscribe();
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('does not refetch on window focus or reconnect', () => {
    const { queries } = createQueryClient().getDefaultOptions();
    expect(queries).toMatchObject({ refetchOnWindowFocus: false, refetchOnReconnect: false });
  });
});
