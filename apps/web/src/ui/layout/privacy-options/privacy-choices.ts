import type { TConsentType, TGetProfileResponse, TPutProfileBody } from '@pledge/contract';
import type { TConsentChoice } from '@pledge/domain';

/** The consents a visitor can withdraw from the footer's privacy options (document 2 §2). */
export const OPTIONAL_CONSENTS = ['MARKETING', 'COMMUNICATIONS'] as const;
export type TOptionalConsent = (typeof OPTIONAL_CONSENTS)[number];

/** The visitor's choice for each optional consent. */
export type TPrivacyChoices = Record<TOptionalConsent, TConsentChoice>;

export const PRIVACY_CHOICES_STORAGE_KEY = 'pledge.privacyChoices';

/** Before any choice: nothing withdrawn. */
export const NO_CHOICES: TPrivacyChoices = { MARKETING: 'OPT_IN', COMMUNICATIONS: 'OPT_IN' };

function isChoice(value: unknown): value is TConsentChoice {
  return value === 'OPT_IN' || value === 'OPT_OUT';
}

/** The choices kept in this browser (a visitor who is not signed in), or null. */
export function readLocalPrivacyChoices(): TPrivacyChoices | null {
  try {
    const value: unknown = JSON.parse(
      window.localStorage.getItem(PRIVACY_CHOICES_STORAGE_KEY) ?? 'null',
    );
    if (typeof value !== 'object' || value === null) return null;
    const { MARKETING, COMMUNICATIONS } = value as Record<string, unknown>;
    return isChoice(MARKETING) && isChoice(COMMUNICATIONS) ? { MARKETING, COMMUNICATIONS } : null;
  } catch {
    return null;
  }
}

export function saveLocalPrivacyChoices(choices: TPrivacyChoices): void {
  window.localStorage.setItem(PRIVACY_CHOICES_STORAGE_KEY, JSON.stringify(choices));
}

/** The borrower's current choices as the profile service reports them. */
export function choicesFromConsentTypes(consentTypes: readonly TConsentType[]): TPrivacyChoices {
  const choiceOf = (type: TOptionalConsent) =>
    consentTypes.find((consent) => consent.type === type)?.optInOut ?? 'OPT_OUT';
  return { MARKETING: choiceOf('MARKETING'), COMMUNICATIONS: choiceOf('COMMUNICATIONS') };
}

/**
 * The profile to save with the new choices: every field as it is, the other consents as on file,
 * and each optional consent at the version the profile service shows now.
 */
export function profileWithChoices(
  profile: TGetProfileResponse,
  consentTypes: readonly TConsentType[],
  choices: TPrivacyChoices,
): TPutProfileBody | null {
  if (profile.name === null || profile.email === null) return null;
  const kept = profile.consents.filter(
    (consent) => !(OPTIONAL_CONSENTS as readonly string[]).includes(consent.type),
  );
  const chosen = OPTIONAL_CONSENTS.flatMap((type) => {
    const current = consentTypes.find((consent) => consent.type === type);
    return current === undefined
      ? []
      : [{ type, version: current.version, optInOut: choices[type] }];
  });
  return {
    name: profile.name,
    dob: profile.dob,
    addresses: profile.addresses,
    phoneNumbers: profile.phoneNumbers,
    email: profile.email,
    countryOfDomicile: profile.countryOfDomicile,
    consents: [...kept, ...chosen],
  };
}
