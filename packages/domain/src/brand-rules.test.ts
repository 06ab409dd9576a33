import { describe, expect, it } from 'vitest';
import {
  BRAND_MIN_CONTRAST,
  brandContrastProblems,
  brandRuleProblems,
  contrastRatio,
  DEFAULT_BRAND_COLORS,
  parseHexColor,
} from './brand-rules.js';

/** WCAG 2.0's own formula, written again here (its 0.03928 threshold, sRGB to linear). */
function referenceRatio(a: string, b: string): number {
  const lum = (hex: string) => {
    const n = parseInt(hex.slice(1), 16);
    const [r, g, bl] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : Math.pow((s + 0.055) / 1.055, 2.4);
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('contrastRatio', () => {
  it('is 21 for black on white and 1 for a colour on itself', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 10);
    expect(contrastRatio('#fff', '#000')).toBeCloseTo(21, 10);
    expect(contrastRatio('#1d4ed8', '#1d4ed8')).toBeCloseTo(1, 10);
  });

  it('puts the published grey pair either side of AA: #767676 passes, #777777 does not', () => {
    expect(contrastRatio('#767676', '#ffffff')).toBeGreaterThanOrEqual(BRAND_MIN_CONTRAST);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(BRAND_MIN_CONTRAST);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it('agrees with the reference formula on many colour pairs', () => {
    const colours = [
      '#1d4ed8',
      '#ffffff',
      '#0f766e',
      '#f6f7fb',
      '#111827',
      '#4b5563',
      '#ff0000',
      '#00ff00',
      '#0000ff',
      '#808080',
      '#123456',
      '#fedcba',
      '#0b5563',
      '#9a6700',
    ];
    for (const a of colours) {
      for (const b of colours) expect(contrastRatio(a, b)).toBeCloseTo(referenceRatio(a, b), 6);
    }
  });

  it('reads #rgb as #rrggbb and lays translucent text over its background', () => {
    expect(contrastRatio('#abc', '#fff')).toBeCloseTo(referenceRatio('#aabbcc', '#ffffff'), 10);
    // Black at alpha 0x80 (128/255) over white is 255 × 127/255 = 127 per channel: #7f7f7f.
    expect(contrastRatio('#00000080', '#ffffff')).toBeCloseTo(
      referenceRatio('#7f7f7f', '#ffffff'),
      10,
    );
    expect(parseHexColor('#12345')).toBeNull();
  });
});

describe('brandContrastProblems', () => {
  it('finds none in the demo brand', () => {
    expect(brandContrastProblems(DEFAULT_BRAND_COLORS)).toEqual([]);
  });

  it('refuses light grey text with its ratio, rounded down', () => {
    const problems = brandContrastProblems({ ...DEFAULT_BRAND_COLORS, text: '#aaaaaa' });
    const expected = Math.floor(referenceRatio('#aaaaaa', '#f6f7fb') * 100) / 100;
    expect(problems[0]).toMatchObject({
      foreground: 'text',
      background: 'background',
      ratio: expected,
    });
    expect(problems[0]?.message).toContain(`${expected.toFixed(2)}:1`);
    expect(problems.map((p) => `${p.foreground}/${p.background}`)).toEqual([
      'text/background',
      'text/surface',
    ]);
  });

  it('checks the button text on the primary colour', () => {
    const problems = brandContrastProblems({ ...DEFAULT_BRAND_COLORS, primary: '#60a5fa' });
    expect(problems.map((p) => `${p.foreground}/${p.background}`)).toContain(
      'primaryContrast/primary',
    );
  });
});

describe('brandRuleProblems', () => {
  const base = {
    orgCode: 'acme',
    colors: DEFAULT_BRAND_COLORS,
    hosts: ['loans.acme.com'],
    servedStates: ['CA', 'NY'] as const,
    stateLicences: [
      { state: 'CA' as const, number: 'CFL-123' },
      { state: 'NY' as const, number: 'NY-9' },
    ],
  };

  it('passes a complete draft', () => {
    expect(brandRuleProblems({ ...base, servedStates: [...base.servedStates] })).toEqual([]);
  });

  it('names every served state without a licence', () => {
    const problems = brandRuleProblems({ ...base, servedStates: ['CA', 'NY', 'FL', 'WA'] });
    expect(problems).toEqual([
      {
        field: 'stateLicences',
        message: 'A licence is needed for every state the brand serves: none is listed for FL, WA.',
      },
    ]);
  });

  it('refuses malformed, repeated and taken host names, and a used org code', () => {
    const problems = brandRuleProblems(
      {
        ...base,
        servedStates: [],
        hosts: ['bad host', 'A.acme.com', 'a.acme.com.', 'partner.localhost'],
      },
      { hosts: new Map([['partner.localhost', 'partner']]), orgCodes: new Set(['acme']) },
    );
    expect(problems.map((p) => p.field)).toEqual(['hosts.0', 'hosts.2', 'hosts.3', 'orgCode']);
    expect(problems[2]?.message).toBe('partner.localhost already serves the brand "partner".');
  });

  it('lets a brand keep its own host', () => {
    const problems = brandRuleProblems(
      { ...base, servedStates: [], hosts: ['partner.localhost'], orgCode: 'partner' },
      { hosts: new Map([['partner.localhost', 'partner']]), orgCodes: new Set() },
    );
    expect(problems).toEqual([]);
  });
});
