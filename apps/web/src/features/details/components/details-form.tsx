import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { TAddressSuggestion, TPostLoanDetailsBodyInput } from '@pledge/contract';
import {
  CITY_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  findCountry,
  NAME_MAX_LENGTH,
  NAME_SUFFIXES,
  PHONE_INPUT_MAX_LENGTH,
  POSTAL_CODE_MAX_LENGTH,
  SSN_INPUT_MAX_LENGTH,
  STREET_MAX_LENGTH,
  US_STATES,
  US_ZIP_MAX_LENGTH,
} from '@pledge/domain';
import { useBrand } from '../../../brand/brand-context.js';
import { ExternalLink } from '../../application/components/external-link.js';
import { Alert } from '../../../ui/alert/alert.js';
import { Button } from '../../../ui/button/button.js';
import { Checkbox } from '../../../ui/checkbox/checkbox.js';
import { useLiveRegion } from '../../../ui/live-region/live-region.js';
import { Select } from '../../../ui/select/select.js';
import { TextField } from '../../../ui/text-field/text-field.js';
import {
  checkDetails,
  formatSsnInput,
  isDetailsFieldPath,
  maskSsn,
  type TDetailsFieldErrors,
  type TDetailsFieldPath,
  type TDetailsFormValues,
} from '../details-form-values.js';
import { AddressLookupField } from './address-lookup-field.js';

/** The form's values typed into a plain text input. */
type TTypedValue =
  | 'firstName'
  | 'lastName'
  | 'dob'
  | 'street1'
  | 'street2'
  | 'city'
  | 'state'
  | 'zip'
  | 'phone'
  | 'email';

const SUFFIX_OPTIONS = NAME_SUFFIXES.map((suffix) => ({ value: suffix, label: suffix }));
const STATE_OPTIONS = US_STATES.map((state) => ({ value: state.code, label: state.name }));

export interface TDetailsFormProps {
  isInternational: boolean;
  initialValues: TDetailsFormValues;
  onSubmit: (body: TPostLoanDetailsBodyInput) => void;
  isSubmitting: boolean;
  /** The server's messages per field path, from the last refused submit. */
  serverErrors: TDetailsFieldErrors;
  /** A field was changed: its server message no longer applies. */
  onServerErrorResolved: (path: TDetailsFieldPath) => void;
  /** A refusal that belongs to no field. */
  formError: string | null;
  /** Counts refused submits, so the first field in error gets focus after each. */
  refusalCount: number;
}

/**
 * The loan details form (US residents, or the international variant without an SSN). It is
 * checked with the domain's schema on submit, and after that as it changes, so each message
 * disappears once its field is fixed.
 */
export function DetailsForm({
  isInternational,
  initialValues,
  onSubmit,
  isSubmitting,
  serverErrors,
  onServerErrorResolved,
  formError,
  refusalCount,
}: TDetailsFormProps) {
  const brand = useBrand();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(initialValues);
  const [hasTriedSubmit, setHasTriedSubmit] = useState(false);
  const [focusRequests, setFocusRequests] = useState(0);
  const [isSsnFocused, setIsSsnFocused] = useState(false);
  const { announce, liveRegion } = useLiveRegion();

  const check = hasTriedSubmit ? checkDetails(values, isInternational) : null;
  const clientErrors = check !== null && !check.isValid ? check.fieldErrors : {};

  useEffect(() => {
    if (focusRequests + refusalCount === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequests, refusalCount]);

  function errorFor(path: TDetailsFieldPath): string | null {
    return clientErrors[path]?.[0] ?? serverErrors[path]?.[0] ?? null;
  }

  function update(patch: Partial<TDetailsFormValues>, ...paths: TDetailsFieldPath[]) {
    setValues((current) => ({ ...current, ...patch }));
    for (const path of paths) onServerErrorResolved(path);
  }

  function updateConsent(name: keyof TDetailsFormValues['consents'], isChecked: boolean) {
    setValues((current) => ({ ...current, consents: { ...current.consents, [name]: isChecked } }));
    onServerErrorResolved(`consents.${name}`);
  }

  /** A text input bound to one of the form's values: what it shows, its edits and its message. */
  function typedField(name: TTypedValue, path: TDetailsFieldPath) {
    return {
      value: values[name],
      onChange: (event: ChangeEvent<HTMLInputElement>) =>
        update({ [name]: event.target.value }, path),
      error: errorFor(path),
    };
  }

  /** A consent's checkbox: whether it is given, its changes and its message. */
  function consentField(name: keyof TDetailsFormValues['consents']) {
    return {
      checked: values.consents[name],
      onCheckedChange: (isChecked: boolean) => updateConsent(name, isChecked),
      error: errorFor(`consents.${name}`),
    };
  }

  function onSuggestion(suggestion: TAddressSuggestion) {
    announce(`Address filled in: ${suggestion.label}`);
    update(
      {
        street1: suggestion.street1,
        street2: suggestion.street2 ?? '',
        city: suggestion.city,
        state: suggestion.state,
        zip: suggestion.zip,
      },
      'address.street1',
      'address.street2',
      'address.city',
      'address.state',
      'address.zip',
    );
  }

  function onFormSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSubmitting) return;
    setHasTriedSubmit(true);
    const result = checkDetails(values, isInternational);
    if (!result.isValid) {
      setFocusRequests((count) => count + 1);
      return;
    }
    onSubmit(result.body);
  }

  const otherServerErrors = Object.entries(serverErrors)
    .filter(([path]) => !isDetailsFieldPath(path))
    .flatMap(([, messages]) => messages);
  const formErrors = [...(formError === null ? [] : [formError]), ...otherServerErrors];
  const countryName = findCountry(values.country)?.name ?? values.country;

  return (
    <form ref={form} className="details-form" noValidate onSubmit={onFormSubmit}>
      {liveRegion}
      {formErrors.length > 0 && (
        <Alert variant="error" title="We couldn’t submit your details">
          {formErrors.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </Alert>
      )}

      <fieldset className="details-form__group">
        <legend className="details-form__legend">Your legal name</legend>
        <div className="details-form__row">
          <TextField
            label="First name"
            autoComplete="given-name"
            maxLength={NAME_MAX_LENGTH}
            {...typedField('firstName', 'firstName')}
            isRequired
          />
          <TextField
            label="Last name"
            autoComplete="family-name"
            maxLength={NAME_MAX_LENGTH}
            {...typedField('lastName', 'lastName')}
            isRequired
          />
        </div>
        <Select
          className="details-form__narrow"
          label="Suffix"
          autoComplete="honorific-suffix"
          placeholder="None"
          options={SUFFIX_OPTIONS}
          value={values.suffix}
          onValueChange={(suffix) =>
            update({ suffix: suffix as TDetailsFormValues['suffix'] }, 'suffix')
          }
          error={errorFor('suffix')}
        />
      </fieldset>

      <fieldset className="details-form__group">
        <legend className="details-form__legend">About you</legend>
        <TextField
          className="details-form__narrow"
          label="Date of birth"
          type="date"
          autoComplete="bday"
          {...typedField('dob', 'dob')}
          isRequired
        />
        {!isInternational && (
          <TextField
            className="details-form__narrow"
            label="Social Security number"
            description="For a soft credit check, which does not affect your credit score. Once entered, only its last 4 digits are shown."
            inputMode="numeric"
            autoComplete="off"
            spellCheck={false}
            placeholder="123-45-6789"
            maxLength={SSN_INPUT_MAX_LENGTH}
            value={isSsnFocused ? values.ssn : maskSsn(values.ssn)}
            onFocus={() => setIsSsnFocused(true)}
            onBlur={() => setIsSsnFocused(false)}
            onChange={(event) => update({ ssn: formatSsnInput(event.target.value) }, 'ssn')}
            error={errorFor('ssn')}
            isRequired
          />
        )}
      </fieldset>

      <fieldset className="details-form__group">
        <legend className="details-form__legend">Home address</legend>
        {!isInternational && <AddressLookupField onSuggestion={onSuggestion} />}
        <TextField
          label="Street address"
          autoComplete="address-line1"
          maxLength={STREET_MAX_LENGTH}
          {...typedField('street1', 'address.street1')}
          isRequired
        />
        <TextField
          label="Apartment, suite or unit"
          autoComplete="address-line2"
          maxLength={STREET_MAX_LENGTH}
          {...typedField('street2', 'address.street2')}
        />
        <div className="details-form__row details-form__row--address">
          <TextField
            label="City"
            autoComplete="address-level2"
            maxLength={CITY_MAX_LENGTH}
            {...typedField('city', 'address.city')}
            isRequired
          />
          {isInternational ? (
            <TextField
              label="State, province or region"
              autoComplete="address-level1"
              maxLength={CITY_MAX_LENGTH}
              {...typedField('state', 'address.state')}
            />
          ) : (
            <Select
              label="State"
              autoComplete="address-level1"
              placeholder="Select a state"
              options={STATE_OPTIONS}
              value={values.state}
              onValueChange={(state) => update({ state }, 'address.state')}
              error={errorFor('address.state')}
              isRequired
            />
          )}
          <TextField
            label={isInternational ? 'Postal code' : 'ZIP code'}
            autoComplete="postal-code"
            inputMode={isInternational ? 'text' : 'numeric'}
            maxLength={isInternational ? POSTAL_CODE_MAX_LENGTH : US_ZIP_MAX_LENGTH}
            {...typedField('zip', 'address.zip')}
            isRequired
          />
        </div>
        {isInternational && (
          <Select
            label="Country"
            description="The country your offer was made for."
            options={[{ value: values.country, label: countryName }]}
            value={values.country}
            error={errorFor('address.country')}
            isReadOnly
            isRequired
          />
        )}
      </fieldset>

      <fieldset className="details-form__group">
        <legend className="details-form__legend">Contact</legend>
        <TextField
          className="details-form__narrow"
          label="Phone number"
          type="tel"
          autoComplete={isInternational ? 'tel' : 'tel-national'}
          maxLength={PHONE_INPUT_MAX_LENGTH}
          description={
            isInternational
              ? 'With your country code, for example +44 20 7946 0958.'
              : 'A 10-digit US number.'
          }
          {...typedField('phone', 'phone')}
          isRequired
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          maxLength={EMAIL_MAX_LENGTH}
          {...typedField('email', 'email')}
          isRequired
        />
      </fieldset>

      <fieldset className="details-form__group">
        <legend className="details-form__legend">Agreements</legend>
        {!isInternational && (
          <Checkbox
            label="I am a US citizen or a permanent resident of the United States."
            checked={values.isCitizenOrPermanentResident}
            onCheckedChange={(isChecked) =>
              update({ isCitizenOrPermanentResident: isChecked }, 'isCitizenOrPermanentResident')
            }
            error={errorFor('isCitizenOrPermanentResident')}
            isRequired
          />
        )}
        <Checkbox
          label={
            <>
              I agree to the <ExternalLink href={brand.termsUrl}>Terms of Service</ExternalLink>.
            </>
          }
          {...consentField('TERMS')}
          isRequired
        />
        <Checkbox
          label={
            <>
              I have read and agree to the{' '}
              <ExternalLink href={brand.privacyUrl}>Privacy Policy</ExternalLink>.
            </>
          }
          {...consentField('PRIVACY')}
          isRequired
        />
        <Checkbox
          label="I consent to receive my loan documents electronically and to sign them electronically."
          {...consentField('eSign')}
          isRequired
        />
        {!isInternational && (
          <Checkbox
            label={`I authorize ${brand.companyName} to obtain my credit report for a soft credit check, which does not affect my credit score.`}
            {...consentField('SOFT_CREDIT')}
            isRequired
          />
        )}
      </fieldset>

      <Button type="submit" isLoading={isSubmitting}>
        {isInternational ? 'Submit my details' : 'Submit and check my credit'}
      </Button>
    </form>
  );
}
