import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getOpsBrand,
  getOpsBrands,
  postOpsBrand,
  postOpsPublishBrandVersion,
  putOpsBrandDraft,
  type TBrandDraft,
} from '@pledge/contract';
import { apiRequest } from '../../../api/client.js';
import { CONTROLLED_ACTIONS_QUERY_KEY } from '../../ops/api/get-controlled-actions.js';
import { OPS_QUERY_KEY } from '../../ops/api/get-ops-applications.js';
import { opsFreshQuery } from '../../ops/api/ops-fresh-query.js';
import { useOpsChange } from '../../ops/api/use-ops-change.js';

const OPS_BRANDS_KEY = [...OPS_QUERY_KEY, 'brands'] as const;
const brandKey = (orgCode: string) => [...OPS_BRANDS_KEY, 'brand', orgCode] as const;

/** The brands with the version each serves, fetched again each time the page is shown. */
export function useOpsBrands() {
  return useQuery(opsFreshQuery([...OPS_BRANDS_KEY, 'list'], getOpsBrands));
}

/** One brand: its served version, its open draft, every version. */
export function useOpsBrand(orgCode: string) {
  return useQuery(opsFreshQuery(brandKey(orgCode), getOpsBrand, { params: { orgCode } }));
}

/** Creates a brand as a draft (nothing is served until a second agent approves it). */
export function useCreateBrand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: TBrandDraft) => apiRequest(postOpsBrand, { body: draft }),
    onSuccess: (brand) => {
      queryClient.setQueryData(brandKey(brand.orgCode), brand);
      return queryClient.invalidateQueries({ queryKey: OPS_BRANDS_KEY });
    },
  });
}

/** Saves the brand's draft. */
export function useSaveBrandDraft(orgCode: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: TBrandDraft) =>
      apiRequest(putOpsBrandDraft, { params: { orgCode }, body: draft }),
    onSuccess: (brand) => {
      queryClient.setQueryData(brandKey(orgCode), brand);
      return queryClient.invalidateQueries({ queryKey: [...OPS_BRANDS_KEY, 'list'] });
    },
  });
}

/** Proposes serving a version (the draft, or an earlier one again); a second agent approves. */
export function useProposeBrandVersion(orgCode: string) {
  return useOpsChange(
    (input: { version: number; reason: string }) =>
      apiRequest(postOpsPublishBrandVersion, {
        params: { orgCode, version: input.version },
        body: { reason: input.reason },
      }),
    CONTROLLED_ACTIONS_QUERY_KEY,
  );
}
