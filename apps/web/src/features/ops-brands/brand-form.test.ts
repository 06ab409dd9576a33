import { describe, expect, it } from 'vitest';
import type { TBrandDraft } from '@pledge/contract';
import { changesOf, draftOf, draftProblems, formOf, NEW_BRAND_FORM } from './brand-form.js';

const DRAFT: TBrandDraft = {
  ...draftOf(NEW_BRAND_FORM),
  orgCode: 'acme',
  companyName: 'Acme',
  servedStates: ['CA', 'NY'],
  stateLicences: [
    { state: 'CA', number: 'CFL 60DBO-1234' },
    { state: 'NY', number: 'NY-1' },
  ],
  footerTexts: ['First paragraph.', 'Second paragraph.'],
  hosts: ['loans.acme.test'],
  mobileApp: { iosUrl: 'https://acme.test/ios', androidUrl: 'https://acme.test/android' },
};

describe('the brand form', () => {
  it('gives back the draft it was made from', () => {
    expect(draftOf(formOf(DRAFT))).toEqual(DRAFT);
  });

  it('reads one list item a line, states in any case and separator, hosts in lower case', () => {
    const draft = draftOf({
      ...formOf(DRAFT),
      servedStates: 'ca, ny  tx',
      stateLicences: '\n ca  CFL 1 \nny NY 2\n\n',
      hosts: ' Loans.Acme.test \n\n',
      footerTexts: ' One. \n\nTwo.',
      iosUrl: '',
      androidUrl: '',
    });
    expect(draft).toMatchObject({
      servedStates: ['CA', 'NY', 'TX'],
      stateLicences: [
        { state: 'CA', number: 'CFL 1' },
        { state: 'NY', number: 'NY 2' },
      ],
      hosts: ['loans.acme.test'],
      footerTexts: ['One.', 'Two.'],
      mobileApp: null,
    });
    expect(draftProblems(draft).map((problem) => problem.message)).toEqual([
      'A licence is needed for every state the brand serves: none is listed for TX.',
    ]);
  });

  it('lists exactly the fields that differ from the version served', () => {
    const changed: TBrandDraft = {
      ...DRAFT,
      companyName: 'Acme Credit',
      colors: { ...DRAFT.colors, text: '#000000' },
      stateLicences: [{ state: 'CA', number: 'CFL 60DBO-1234' }],
    };
    expect(changesOf(DRAFT, changed)).toEqual([
      { field: 'companyName', published: 'Acme', draft: 'Acme Credit' },
      { field: 'colors.text', published: DRAFT.colors.text, draft: '#000000' },
      {
        field: 'stateLicences',
        published: 'CA CFL 60DBO-1234; NY NY-1',
        draft: 'CA CFL 60DBO-1234',
      },
    ]);
    expect(changesOf(DRAFT, DRAFT)).toEqual([]);
  });
});
