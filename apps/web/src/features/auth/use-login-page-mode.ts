import { useQuery } from '@tanstack/react-query';
import { decideSignInMode, SIGN_IN_EXPERIMENT_KEYS, type TSignInMode } from '@pledge/domain';
import { useBrand } from '../../brand/brand-context.js';
import { featureFlagQuery } from '../../flags/feature-flag-query.js';
import { isBrokerKnown } from '../session/session-storage.js';
import type { TLoginParams } from './login-params.js';

/**
 * Which form the sign-in page shows (document 2 §4), or null while the experiment flag is asked.
 * Agents always sign in with a code. A forced legacy mode wins; a visitor the broker's login sent
 * here (with its nonce) signs in with the broker; so does every visitor of a brand whose flags put
 * the code sign-in first (`codeSignInFirst`: no flag to ask, nothing to wait for); otherwise the
 * domain's rule decides with the sign-in experiment flag.
 */
export function useLoginPageMode(params: TLoginParams): TSignInMode | null {
  const { orgCode, flags } = useBrand();
  const { audience, forcedMode, nonce } = params;
  const brokerLookupSucceeded = isBrokerKnown(audience);
  // Agents have no legacy path (DESIGN §3: provisioned addresses, a code by e-mail): whatever the
  // address asks for, they get the code sign-in.
  const isAgent = audience === 'agent';
  const isCodeFirst = flags.codeSignInFirst === true;
  const needsFlag =
    !isAgent &&
    !isCodeFirst &&
    forcedMode === undefined &&
    nonce === null &&
    !brokerLookupSucceeded;
  const flag = useQuery({
    ...featureFlagQuery(SIGN_IN_EXPERIMENT_KEYS[audience], orgCode),
    enabled: needsFlag,
  });
  if (isAgent) return 'broker';
  if (forcedMode === 'legacy') return 'legacy';
  if (nonce !== null) return 'broker';
  if (needsFlag && flag.isPending) return null;
  return decideSignInMode({
    brokerLookupSucceeded,
    // The brand's choice stands for the experiment, switched on for every visitor of the brand.
    experimentFlagOn: isCodeFirst || flag.data === true,
    ...(forcedMode === undefined ? {} : { forcedMode }),
  });
}
