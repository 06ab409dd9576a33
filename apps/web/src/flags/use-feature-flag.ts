import { useQuery } from '@tanstack/react-query';
import { useBrand } from '../brand/brand-context.js';
import { featureFlagQuery } from './feature-flag-query.js';

export interface TFeatureFlagState {
  /** Off while the decision is pending and when it could not be made. */
  isEnabled: boolean;
  isPending: boolean;
  error: Error | null;
}

/** Whether a flag or experiment is on for this visitor under this page's brand. */
export function useFeatureFlag(key: string): TFeatureFlagState {
  const { orgCode } = useBrand();
  const { data, isPending, error } = useQuery(featureFlagQuery(key, orgCode));
  return { isEnabled: data === true, isPending, error };
}
