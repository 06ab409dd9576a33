import type { TSignInAudience } from '@pledge/domain';
import type { TEndpointAuth } from '../define-endpoint.js';

/** A signed-in customer proves it with a bearer jwt, an agent with an agent-audience jwt. */
export function authOf(audience: TSignInAudience): Exclude<TEndpointAuth, 'none'> {
  return audience === 'agent' ? 'agent' : 'bearer';
}
