import type { z } from 'zod/mini';
import type { TSignInAudience } from '@pledge/domain';
import { brokerBase, defineEndpoint } from '../define-endpoint.js';
import { ZIdentity } from '../entities/identity.js';
import { authOf } from './audience.js';

export const ZGetFigureInfoResponse = ZIdentity;
export type TGetFigureInfoResponse = z.infer<typeof ZGetFigureInfoResponse>;

export function makeGetFigureInfo<const A extends TSignInAudience>(audience: A) {
  return defineEndpoint({
    method: 'GET',
    path: `${brokerBase(audience)}/secure/api/v3/self/figureinfo`,
    auth: authOf(audience),
    summary: `The signed-in ${audience}'s identity (401 without a valid token)`,
    response: ZGetFigureInfoResponse,
  });
}

export const getCustomerFigureInfo = makeGetFigureInfo('customer');
export const getAgentFigureInfo = makeGetFigureInfo('agent');
