import { useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  NOT_SERVICED_MESSAGE,
  residenceQuery,
  ZResidencyForm,
  type TResidencyType,
} from '@pledge/domain';
import { useBrand } from '../../../brand/brand-context.js';
import { paths } from '../../../config/paths.js';
import { Alert } from '../../../ui/alert/alert.js';
import { Button } from '../../../ui/button/button.js';
import { RadioGroup } from '../../../ui/radio-group/radio-group.js';
import { Select, type TSelectOption } from '../../../ui/select/select.js';
import { useValidCountries } from '../api/get-valid-countries.js';
import { useValidStates } from '../api/get-valid-states.js';
import { offersInternational } from '../offers-international.js';
import { selectableCountries } from '../selectable-countries.js';
import { WaitlistForm } from './waitlist-form.js';

const RESIDENCY_OPTIONS = [
  { value: 'UNITED_STATES', label: 'United States' },
  { value: 'INTERNATIONAL', label: 'International' },
] as const;

function isResidencyType(value: string): value is TResidencyType {
  return RESIDENCY_OPTIONS.some((option) => option.value === value);
}

/**
 * The residence the address names (?state= or ?countryCode=, as "Change where you live" sends it),
 * so that the form opens on where the borrower said they live.
 */
function residenceOfQuery(
  search: URLSearchParams,
  isInternationalOffered: boolean,
): { residency: TResidencyType; place: string } {
  const state = search.get('state');
  if (state !== null && /^[A-Z]{2}$/.test(state))
    return { residency: 'UNITED_STATES', place: state };
  const countryCode = search.get('countryCode');
  if (isInternationalOffered && countryCode !== null && /^[A-Z]{2}$/.test(countryCode)) {
    return { residency: 'INTERNATIONAL', place: countryCode };
  }
  return { residency: 'UNITED_STATES', place: '' };
}

export interface TResidencyFormProps {
  /** The signed-in borrower's e-mail address, for the waitlist; null when signed out. */
  signedInEmail: string | null;
}

/**
 * Where do you reside (document 1 §2, §5): United States with a state, or International with a
 * country where the brand offers it. Continue opens the offer page for that residence; a state that
 * is not serviced offers the waitlist instead.
 */
export function ResidencyForm({ signedInEmail }: TResidencyFormProps) {
  const brand = useBrand();
  const navigate = useNavigate();
  const isInternationalOffered = offersInternational(brand);
  const [searchParams] = useSearchParams();
  const [initial] = useState(() => residenceOfQuery(searchParams, isInternationalOffered));
  const [residency, setResidency] = useState<TResidencyType>(initial.residency);
  const [place, setPlace] = useState(initial.place);
  const [error, setError] = useState<string | null>(null);
  const selectRef = useRef<HTMLSelectElement>(null);

  const isUnitedStates = residency === 'UNITED_STATES';
  const states = useValidStates();
  const countries = useValidCountries({ enabled: !isUnitedStates });
  const places = isUnitedStates ? states : countries;
  const selectedState = isUnitedStates
    ? states.data?.find((entry) => entry.state === place)
    : undefined;
  const notServicedState = selectedState?.rateEnabled === false ? selectedState : undefined;

  const options: TSelectOption[] = isUnitedStates
    ? (states.data?.map((entry) => ({ value: entry.state, label: entry.name })) ?? [])
    : ((countries.data &&
        selectableCountries(countries.data).map((entry) => ({
          value: entry.code,
          label: entry.name,
        }))) ??
      []);

  function onResidencyChange(next: string) {
    if (!isResidencyType(next)) return;
    setResidency(next);
    setPlace('');
    setError(null);
  }

  function onPlaceChange(next: string) {
    setPlace(next);
    setError(null);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = ZResidencyForm.safeParse({ residency, stateOrCountry: place });
    if (!result.success) {
      setError(result.error.issues[0]?.message ?? null);
      selectRef.current?.focus();
      return;
    }
    void navigate(paths.start.getHref(residenceQuery(result.data.residence)));
  }

  return (
    <>
      <form noValidate onSubmit={onSubmit}>
        {isInternationalOffered && (
          <RadioGroup
            label="Residency"
            name="residency"
            options={RESIDENCY_OPTIONS}
            value={residency}
            onValueChange={onResidencyChange}
          />
        )}
        {places.error !== null ? (
          <Alert variant="error" title="The list of places could not be loaded.">
            <p>{places.error.message}</p>
            <Button variant="secondary" isFullWidth={false} onClick={() => void places.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : (
          <Select
            ref={selectRef}
            key={residency}
            label={isUnitedStates ? 'State' : 'Country'}
            name={isUnitedStates ? 'state' : 'countryCode'}
            placeholder={
              places.isPending ? 'Loading…' : isUnitedStates ? 'Select a state' : 'Select a country'
            }
            options={options}
            value={place}
            isDisabled={places.isPending}
            aria-busy={places.isPending}
            isRequired
            error={error}
            onValueChange={onPlaceChange}
          />
        )}
        {notServicedState !== undefined && (
          <Alert variant="info" isLive>
            <p>{NOT_SERVICED_MESSAGE}</p>
          </Alert>
        )}
        {notServicedState === undefined && <Button type="submit">Continue</Button>}
      </form>
      {notServicedState !== undefined && (
        <WaitlistForm
          key={notServicedState.state}
          state={notServicedState}
          signedInEmail={signedInEmail}
        />
      )}
    </>
  );
}
