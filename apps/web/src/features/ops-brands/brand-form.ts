/**
 * The brand editor's form and the draft it makes: lists typed one item a line (hosts, footer
 * paragraphs, state licences as "CA CFL-123"), the rules checked as the agent types (the domain's
 * brand-rules.ts: contrast with its ratio, a licence per served state, hosts), and the difference
 * from the version served.
 */
import type { TBrandDraft } from '@pledge/contract';
import {
  brandRuleProblems,
  DEFAULT_BRAND_COLORS,
  type TBrandRuleProblem,
  type TUsStateCode,
} from '@pledge/domain';

export type TBrandForm = Omit<
  TBrandDraft,
  'hosts' | 'footerTexts' | 'servedStates' | 'stateLicences' | 'mobileApp' | 'faviconUrl'
> & {
  hosts: string;
  footerTexts: string;
  servedStates: string;
  stateLicences: string;
  iosUrl: string;
  androidUrl: string;
  faviconUrl: string;
};

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** A new brand's form: the product's own colours, to be changed. */
export const NEW_BRAND_FORM: TBrandForm = {
  orgCode: '',
  companyName: '',
  legalName: '',
  supportPhone: '',
  supportEmail: '',
  termsUrl: '',
  privacyUrl: '/privacy',
  licensesUrl: '',
  nmlsNumber: '',
  logoUrl: '/brands/default/logo.svg',
  faviconUrl: '',
  colors: { ...DEFAULT_BRAND_COLORS },
  flags: { wholesale: false, marketsCredit: false, general: true },
  housingLogo: 'EQUAL_HOUSING_LENDER',
  internationalEnabled: false,
  iosUrl: '',
  androidUrl: '',
  servedStates: '',
  stateLicences: '',
  footerTexts: '',
  hosts: '',
};

export function formOf(draft: TBrandDraft): TBrandForm {
  return {
    ...draft,
    faviconUrl: draft.faviconUrl ?? '',
    hosts: draft.hosts.join('\n'),
    footerTexts: draft.footerTexts.join('\n'),
    servedStates: draft.servedStates.join(' '),
    stateLicences: draft.stateLicences
      .map((licence) => `${licence.state} ${licence.number}`)
      .join('\n'),
    iosUrl: draft.mobileApp?.iosUrl ?? '',
    androidUrl: draft.mobileApp?.androidUrl ?? '',
  };
}

export function draftOf(form: TBrandForm): TBrandDraft {
  const { iosUrl, androidUrl, faviconUrl, ...fields } = form;
  return {
    ...fields,
    ...(faviconUrl.trim() !== '' ? { faviconUrl: faviconUrl.trim() } : {}),
    mobileApp:
      iosUrl.trim() === '' && androidUrl.trim() === ''
        ? null
        : { iosUrl: iosUrl.trim(), androidUrl: androidUrl.trim() },
    hosts: lines(form.hosts).map((host) => host.toLowerCase()),
    footerTexts: lines(form.footerTexts),
    servedStates: form.servedStates
      .split(/[\s,]+/)
      .map((state) => state.trim().toUpperCase())
      .filter((state) => state !== '') as TBrandDraft['servedStates'],
    stateLicences: lines(form.stateLicences).map((line) => {
      const [state = '', ...number] = line.split(/\s+/);
      return { state: state.toUpperCase(), number: number.join(' ') };
    }) as TBrandDraft['stateLicences'],
  };
}

/** The rules the server applies too, on what is typed now. */
export function draftProblems(draft: TBrandDraft): TBrandRuleProblem[] {
  return brandRuleProblems({
    orgCode: draft.orgCode,
    colors: draft.colors,
    hosts: draft.hosts,
    servedStates: draft.servedStates as TUsStateCode[],
    stateLicences: draft.stateLicences as { state: TUsStateCode; number: string }[],
  });
}

export interface TFieldChange {
  field: string;
  published: string;
  draft: string;
}

function flatten(value: unknown, prefix: string, into: Map<string, string>): void {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, item] of Object.entries(value)) {
      flatten(item, prefix === '' ? key : `${prefix}.${key}`, into);
    }
    return;
  }
  const shown = Array.isArray(value)
    ? value
        .map((item) => (typeof item === 'object' ? Object.values(item).join(' ') : String(item)))
        .join('; ')
    : value === null || value === undefined
      ? '—'
      : String(value);
  into.set(prefix, shown);
}

/** Every field whose value differs between the served version and the draft. */
export function changesOf(published: TBrandDraft | null, draft: TBrandDraft): TFieldChange[] {
  const before = new Map<string, string>();
  const after = new Map<string, string>();
  if (published !== null) flatten(published, '', before);
  flatten(draft, '', after);
  const fields = [...new Set([...before.keys(), ...after.keys()])];
  return fields
    .filter((field) => (before.get(field) ?? '—') !== (after.get(field) ?? '—'))
    .map((field) => ({
      field,
      published: before.get(field) ?? '—',
      draft: after.get(field) ?? '—',
    }));
}
