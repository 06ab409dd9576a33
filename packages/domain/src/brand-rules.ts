/**
 * The rules a brand must keep before it reaches a borrower (document 2 §3, DESIGN §7): text on the
 * brand's colours readable (WCAG 2.x AA, contrast ratio of at least 4.5:1, computed from the
 * relative luminance of sRGB colours), a state licence for every state the brand serves, host names
 * that are host names, and an organisation code that is never given to a second brand. The console
 * shows these problems on a draft and the server refuses to propose or publish one that has any.
 */
import type { TUsStateCode } from './constants/states.js';

/** WCAG 2.x AA for normal text. */
export const BRAND_MIN_CONTRAST = 4.5;

/** The bounds of a brand's fields, checked by the draft's schema and shown by the console. */
export const BRAND_BOUNDS = {
  name: 120,
  text: 1_000,
  footerTexts: 6,
  url: 500,
  email: 254,
  phone: 30,
  nmls: 20,
  licenceNumber: 40,
  hosts: 20,
  host: 253,
  logoBytes: 512 * 1024,
  logoPixels: 2_048,
} as const;

export interface TRgb {
  r: number;
  g: number;
  b: number;
  /** 0..1 */
  a: number;
}

/** A #rgb, #rrggbb or #rrggbbaa colour as channels 0..255 and alpha 0..1; null if malformed. */
export function parseHexColor(hex: string): TRgb | null {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(hex.trim());
  if (match === null) return null;
  let digits = match[1] ?? '';
  if (digits.length === 3) digits = [...digits].map((digit) => digit + digit).join('');
  const channel = (index: number) => parseInt(digits.slice(index * 2, index * 2 + 2), 16);
  return {
    r: channel(0),
    g: channel(1),
    b: channel(2),
    a: digits.length === 8 ? channel(3) / 255 : 1,
  };
}

/** `top` painted over `bottom` (alpha compositing; the result is opaque when `bottom` is). */
function over(top: TRgb, bottom: TRgb): TRgb {
  const mix = (a: number, b: number) => a * top.a + b * (1 - top.a);
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a: 1 };
}

const WHITE: TRgb = { r: 255, g: 255, b: 255, a: 1 };

/** WCAG 2.x relative luminance of an opaque colour, 0 (black) to 1 (white). */
export function relativeLuminance(color: TRgb): number {
  const linear = (value: number) => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(color.r) + 0.7152 * linear(color.g) + 0.0722 * linear(color.b);
}

/**
 * The contrast ratio (1 to 21) of text in `foreground` on `background`. A translucent background
 * is taken over white (the page's base), a translucent foreground over the background.
 */
export function contrastRatio(foreground: string, background: string): number {
  const fg = parseHexColor(foreground);
  const bg = parseHexColor(background);
  if (fg === null || bg === null) return 1;
  const base = over(bg, WHITE);
  const text = over(fg, base);
  const l1 = relativeLuminance(text);
  const l2 = relativeLuminance(base);
  return (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
}

export interface TBrandColorSet {
  primary: string;
  primaryContrast: string;
  accent: string;
  background: string;
  surface: string;
  text: string;
  muted: string;
}

/** The product's own colours: the default brand's, and a new brand's until the console changes them. */
export const DEFAULT_BRAND_COLORS: Readonly<TBrandColorSet> = {
  primary: '#1d4ed8',
  primaryContrast: '#ffffff',
  accent: '#0f766e',
  background: '#f6f7fb',
  surface: '#ffffff',
  text: '#111827',
  muted: '#4b5563',
};

/** The pairs of a brand's colours the pages put text on: [text colour, background colour]. */
export const BRAND_TEXT_PAIRS: readonly (readonly [keyof TBrandColorSet, keyof TBrandColorSet])[] =
  [
    ['text', 'background'],
    ['text', 'surface'],
    ['muted', 'background'],
    ['muted', 'surface'],
    ['primary', 'background'],
    ['primary', 'surface'],
    ['primaryContrast', 'primary'],
  ];

export interface TContrastProblem {
  foreground: keyof TBrandColorSet;
  background: keyof TBrandColorSet;
  /** Rounded down to two decimals, so a shown 4.49 is never a passing 4.5. */
  ratio: number;
  message: string;
}

const floor2 = (value: number) => Math.floor(value * 100) / 100;

/** Every text/background pair of the brand below 4.5:1, with its ratio. */
export function brandContrastProblems(colors: TBrandColorSet): TContrastProblem[] {
  const problems: TContrastProblem[] = [];
  for (const [foreground, background] of BRAND_TEXT_PAIRS) {
    const ratio = contrastRatio(colors[foreground], colors[background]);
    if (ratio >= BRAND_MIN_CONTRAST) continue;
    const shown = floor2(ratio);
    problems.push({
      foreground,
      background,
      ratio: shown,
      message: `The ${foreground} colour on the ${background} colour has a contrast of ${shown.toFixed(2)}:1; at least ${BRAND_MIN_CONTRAST}:1 is needed (WCAG AA).`,
    });
  }
  return problems;
}

const HOST_NAME =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** A host name as the brand table keys it: trimmed, lower case, no trailing dot, no port. */
export function normalizeBrandHost(host: string): string {
  return host.trim().toLowerCase().replace(/\.$/, '');
}

export function isBrandHostName(host: string): boolean {
  return HOST_NAME.test(host);
}

export interface TBrandRulesInput {
  orgCode: string;
  colors: TBrandColorSet;
  hosts: readonly string[];
  servedStates: readonly TUsStateCode[];
  stateLicences: readonly { state: TUsStateCode; number: string }[];
}

export interface TBrandRuleProblem {
  /** The field, as a path (`colors.text`, `hosts.0`, `stateLicences`). */
  field: string;
  message: string;
}

/**
 * Every problem of a brand's draft that needs no database: contrast, licences per served state,
 * host names well formed and not repeated. `others` are the hosts and org codes of every other
 * brand (published or not, past or present): a host or code already used is refused.
 */
export function brandRuleProblems(
  draft: TBrandRulesInput,
  others: { hosts: ReadonlyMap<string, string>; orgCodes: ReadonlySet<string> } | null = null,
): TBrandRuleProblem[] {
  const problems: TBrandRuleProblem[] = [];
  for (const problem of brandContrastProblems(draft.colors)) {
    problems.push({ field: `colors.${problem.foreground}`, message: problem.message });
  }
  const licensed = new Set(draft.stateLicences.map((licence) => licence.state));
  const missing = [...new Set(draft.servedStates)].filter((state) => !licensed.has(state));
  if (missing.length > 0) {
    problems.push({
      field: 'stateLicences',
      message: `A licence is needed for every state the brand serves: none is listed for ${missing.join(', ')}.`,
    });
  }
  const licenceStates = draft.stateLicences.map((licence) => licence.state);
  if (new Set(licenceStates).size !== licenceStates.length) {
    problems.push({ field: 'stateLicences', message: 'A state is listed with two licences.' });
  }
  const seen = new Set<string>();
  draft.hosts.forEach((raw, index) => {
    const host = normalizeBrandHost(raw);
    if (!isBrandHostName(host)) {
      problems.push({ field: `hosts.${index}`, message: `"${raw}" is not a host name.` });
    } else if (seen.has(host)) {
      problems.push({ field: `hosts.${index}`, message: `${host} is listed twice.` });
    } else {
      const owner = others?.hosts.get(host);
      if (owner !== undefined && owner !== draft.orgCode) {
        problems.push({
          field: `hosts.${index}`,
          message: `${host} already serves the brand "${owner}".`,
        });
      }
    }
    seen.add(host);
  });
  if (others?.orgCodes.has(draft.orgCode) === true) {
    problems.push({
      field: 'orgCode',
      message: `The organisation code "${draft.orgCode}" was already used by a brand: choose another.`,
    });
  }
  return problems;
}
