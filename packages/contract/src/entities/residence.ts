import { z } from 'zod/mini';
import { RESIDENCE_MESSAGES } from '@pledge/domain';
import { ZCountryCode, ZStateCode } from '../wire.js';

/**
 * Where the borrower lives: a US state or a country, never both. Used by the rate, crypto-value and
 * requested-offer calls; whether loans are offered there is the server's answer (parseResidence).
 */
export const ZResidenceFields = z.object({
  state: z.optional(ZStateCode),
  countryCode: z.optional(ZCountryCode),
});

/** Adds the domain's messages when a residence names both or neither of state and countryCode. */
export function refineExactlyOneResidence(
  value: { state?: string | undefined; countryCode?: string | undefined },
  ctx: z.core.$RefinementCtx,
): void {
  const hasState = value.state !== undefined;
  const hasCountry = value.countryCode !== undefined;
  if (hasState && hasCountry) {
    for (const field of ['state', 'countryCode'] as const) {
      ctx.addIssue({ code: 'custom', path: [field], message: RESIDENCE_MESSAGES.bothGiven });
    }
  } else if (!hasState && !hasCountry) {
    ctx.addIssue({ code: 'custom', path: ['state'], message: RESIDENCE_MESSAGES.required });
  }
}
