import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { TFinalSteps } from '@pledge/contract';
import { finalStepsQueryKey } from '../../final-steps/api/get-final-steps.js';
import { makeFinalSteps, TEST_APP_UUID } from '../../application/application-test-data.js';
import { markDisbursementDoneInCache } from './disbursement.js';

describe('markDisbursementDoneInCache', () => {
  it('marks only the disbursement row COMPLETED and keeps the server’s overall status', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(
      finalStepsQueryKey(TEST_APP_UUID),
      makeFinalSteps({ 'Review Agreements': 'COMPLETED' }, 'IN_PROGRESS'),
    );
    markDisbursementDoneInCache(queryClient, TEST_APP_UUID);
    expect(queryClient.getQueryData<TFinalSteps>(finalStepsQueryKey(TEST_APP_UUID))).toEqual(
      makeFinalSteps(
        { 'Review Agreements': 'COMPLETED', 'Disbursement Account': 'COMPLETED' },
        'IN_PROGRESS',
      ),
    );
  });

  it('leaves an empty cache empty', () => {
    const queryClient = new QueryClient();
    markDisbursementDoneInCache(queryClient, TEST_APP_UUID);
    expect(queryClient.getQueryData(finalStepsQueryKey(TEST_APP_UUID))).toBeUndefined();
  });
});
