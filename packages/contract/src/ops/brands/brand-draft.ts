/**
 * A brand as the console edits it (document 2 §3 and the layout rules): every field the pages and
 * the footer show, each bounded. What the console does not edit (wire instructions, the collateral
 * statement, refinancing rates) is carried over from the version the draft is written from.
 */
import { z } from 'zod/mini';
import { BRAND_BOUNDS, US_STATE_CODES } from '@pledge/domain';
import { ZBrand, HOUSING_LOGOS } from '../../brand.js';
import { ZHref, ZOrgCode } from '../../brand-scalars.js';
import { ZIsoDateTime } from '../../wire.js';

const text = (max: number) =>
  z
    .string()
    .check(z.trim(), z.minLength(1, 'Required'), z.maxLength(max, `At most ${max} characters`));
const ZLink = z
  .string()
  .check(z.maxLength(BRAND_BOUNDS.url))
  .check(
    z.refine(
      (href) => ZHref.safeParse(href).success,
      'Must be an http(s) URL or a path starting with /',
    ),
  );
const ZState = z.enum(US_STATE_CODES as [string, ...string[]]);

export const ZBrandDraft = z.object({
  orgCode: ZOrgCode,
  companyName: text(BRAND_BOUNDS.name),
  legalName: text(BRAND_BOUNDS.name),
  supportPhone: text(BRAND_BOUNDS.phone),
  supportEmail: z.email().check(z.maxLength(BRAND_BOUNDS.email)),
  termsUrl: ZLink,
  privacyUrl: ZLink,
  licensesUrl: ZLink,
  nmlsNumber: z
    .string()
    .check(z.maxLength(BRAND_BOUNDS.nmls), z.regex(/^\d{1,20}$/, 'The NMLS number is digits only')),
  logoUrl: ZLink,
  faviconUrl: z.optional(ZLink),
  colors: ZBrand.shape.colors,
  flags: ZBrand.shape.flags,
  housingLogo: z.enum(HOUSING_LOGOS),
  internationalEnabled: z.boolean(),
  mobileApp: z.nullable(
    z.object({
      iosUrl: z.url().check(z.maxLength(BRAND_BOUNDS.url)),
      androidUrl: z.url().check(z.maxLength(BRAND_BOUNDS.url)),
    }),
  ),
  servedStates: z.array(ZState).check(z.maxLength(US_STATE_CODES.length)),
  stateLicences: z
    .array(z.object({ state: ZState, number: text(BRAND_BOUNDS.licenceNumber) }))
    .check(z.maxLength(US_STATE_CODES.length)),
  footerTexts: z.array(text(BRAND_BOUNDS.text)).check(z.maxLength(BRAND_BOUNDS.footerTexts)),
  hosts: z
    .array(z.string().check(z.trim(), z.toLowerCase(), z.maxLength(BRAND_BOUNDS.host)))
    .check(z.maxLength(BRAND_BOUNDS.hosts)),
});
export type TBrandDraft = z.infer<typeof ZBrandDraft>;

export const BRAND_VERSION_STATUSES = ['DRAFT', 'PUBLISHED'] as const;

/** One version of a brand, as the console lists it. */
export const ZBrandVersionSummary = z.object({
  version: z.number(),
  status: z.enum(BRAND_VERSION_STATUSES),
  basedOn: z.nullable(z.number()),
  createdByEmail: z.nullable(z.string()),
  updatedAt: ZIsoDateTime,
  proposedByEmail: z.nullable(z.string()),
  approvedByEmail: z.nullable(z.string()),
  publishedAt: z.nullable(ZIsoDateTime),
});
export type TBrandVersionSummary = z.infer<typeof ZBrandVersionSummary>;

export const ZOpsBrandParams = z.object({ orgCode: ZOrgCode });
export const ZOpsBrandVersionParams = z.object({
  orgCode: ZOrgCode,
  version: z.coerce.number().check(z.int(), z.positive(), z.lte(1_000_000)),
});
