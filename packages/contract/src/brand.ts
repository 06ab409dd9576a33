import { z } from 'zod/mini';
import { ZHref, ZOrgCode } from './brand-scalars.js';

/** Which fair-lending logo a brand shows in its footer. */
export const HOUSING_LOGOS = [
  'EQUAL_HOUSING_LENDER',
  'EQUAL_HOUSING_OPPORTUNITY',
  'EQUAL_OPPORTUNITY',
] as const;
export type THousingLogo = (typeof HOUSING_LOGOS)[number];

/** The 50 states and the District of Columbia. */
const BRAND_STATES_MAX = 51;

const ZColor = z
  .string()
  .check(
    z.maxLength(9),
    z.regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, 'Must be a hex colour'),
  );

/**
 * The brand the server injects into index.html as a JSON data block (`#brand-config`), chosen by
 * host name, or by `?org=` in sandbox mode.
 */
export const ZBrand = z.object({
  orgCode: ZOrgCode,
  companyName: z.string().check(z.minLength(1)),
  legalName: z.string().check(z.minLength(1)),
  supportPhone: z.string().check(z.minLength(1)),
  supportEmail: z.email(),
  termsUrl: ZHref,
  privacyUrl: ZHref,
  licensesUrl: ZHref,
  nmlsNumber: z.string().check(z.minLength(1)),
  logoUrl: ZHref,
  colors: z.object({
    primary: ZColor,
    primaryContrast: ZColor,
    accent: ZColor,
    background: ZColor,
    surface: ZColor,
    text: ZColor,
    muted: ZColor,
  }),
  flags: z.object({
    wholesale: z.boolean(),
    marketsCredit: z.boolean(),
    general: z.boolean(),
    /**
     * A new visitor asked to sign in sees the e-mail code sign-in first (the password form stays
     * for legacy accounts, a link away); off or absent, the sign-in experiment flag decides.
     */
    codeSignInFirst: z.optional(z.boolean()),
  }),
  housingLogo: z.enum(HOUSING_LOGOS),
  internationalEnabled: z.boolean(),
  mobileApp: z.nullable(z.object({ iosUrl: z.url(), androidUrl: z.url() })),
  /**
   * Interest rates of refinancing a defunct lender's loan, percent per year, by collateral
   * treatment; absent: the spec's example rates (14 custody only, 13 ownership transfer).
   */
  refiRatesPct: z.optional(
    z.object({
      CUSTODY_ONLY: z.number().check(z.positive(), z.lt(100)),
      OWNERSHIP_TRANSFER: z.number().check(z.positive(), z.lt(100)),
    }),
  ),
  /** The favicon, when the brand has its own (uploaded in the console). */
  faviconUrl: z.optional(ZHref),
  /** The US states the brand lends in; each has a licence below (packages/domain brand-rules.ts). */
  servedStates: z.optional(
    z.array(z.string().check(z.regex(/^[A-Z]{2}$/))).check(z.maxLength(BRAND_STATES_MAX)),
  ),
  /** The brand's state licences, listed in the footer with its NMLS number. */
  stateLicences: z.optional(
    z
      .array(
        z.object({
          state: z.string().check(z.regex(/^[A-Z]{2}$/)),
          number: z.string().check(z.minLength(1), z.maxLength(40)),
        }),
      )
      .check(z.maxLength(BRAND_STATES_MAX)),
  ),
  /** Paragraphs of the footer (disclaimers), in order. */
  footerTexts: z.optional(
    z.array(z.string().check(z.minLength(1), z.maxLength(1_000))).check(z.maxLength(6)),
  ),
  sandbox: z.boolean(),
});
export type TBrand = z.infer<typeof ZBrand>;
