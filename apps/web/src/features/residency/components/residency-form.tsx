import { useId, useRef, useState, type FormEvent, type Ref } from 'react';
import { useNavigate } from 'react-router';
import {
  NOT_SERVICED_MESSAGE,
  residenceQuery,
  ZResidencyForm,
  type TResidencyType,
} from '@pledge/domain';
import { useBrand } from '../../../brand/brand-context.js';
import { paths } from '../../../config/paths.js';
import { useValidCountries } from '../api/get-valid-countries.js';
import { useValidStates } from '../api/get-valid-states.js';
import { selectableCountries } from '../selectable-countries.js';

interface TOption {
  value: string;
  label: string;
}

interface TPlaceSelectProps {
  ref: Ref<HTMLSelectElement>;
  id: string;
  label: string;
  placeholder: string;
  value: string;
  options: readonly TOption[] | undefined;
  isLoading: boolean;
  loadError: Error | null;
  onRetry: () => void;
  error: string | null;
  onChange: (value: string) => void;
}

/** A state or country select with its loading, load-failure and validation states. */
function PlaceSelect({
  ref,
  id,
  label,
  placeholder,
  value,
  options,
  isLoading,
  loadError,
  onRetry,
  error,
  onChange,
}: TPlaceSelectProps) {
  const errorId = `${id}-error`;
  if (loadError !== null) {
    return (
      <div className="notice notice--error" role="alert">
        <p>The list of places could not be loaded. {loadError.message}</p>
        <button type="button" className="button button--secondary" onClick={onRetry}>
          Try again
        </button>
      </div>
    );
  }
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        ref={ref}
        className="select"
        value={value}
        disabled={isLoading}
        aria-busy={isLoading}
        aria-invalid={error !== null}
        aria-describedby={error === null ? undefined : errorId}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{isLoading ? 'Loading…' : placeholder}</option>
        {options?.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error !== null && (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * Where do you reside (document 1 §2, §5): United States with a state, or International with a
 * country where the brand offers it. Continue opens the offer page for that residence; a state that
 * is not serviced offers the waitlist instead.
 */
export function ResidencyForm() {
  const brand = useBrand();
  const navigate = useNavigate();
  const id = useId();
  const isInternationalOffered = brand.internationalEnabled && !brand.flags.marketsCredit;
  const [residency, setResidency] = useState<TResidencyType>('UNITED_STATES');
  const [place, setPlace] = useState('');
  const [error, setError] = useState<string | null>(null);
  const selectRef = useRef<HTMLSelectElement>(null);

  const isUnitedStates = residency === 'UNITED_STATES';
  const states = useValidStates();
  const countries = useValidCountries({ enabled: !isUnitedStates });
  const selectedState = isUnitedStates
    ? states.data?.find((entry) => entry.state === place)
    : undefined;
  const notServicedState = selectedState?.rateEnabled === false ? selectedState : undefined;

  function onResidencyChange(next: TResidencyType) {
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

  const placeSelect = isUnitedStates ? (
    <PlaceSelect
      id={`${id}-state`}
      label="State"
      placeholder="Select a state"
      value={place}
      options={states.data?.map((entry) => ({ value: entry.state, label: entry.name }))}
      isLoading={states.isPending}
      loadError={states.error}
      onRetry={() => void states.refetch()}
      error={error}
      onChange={onPlaceChange}
      ref={selectRef}
    />
  ) : (
    <PlaceSelect
      id={`${id}-country`}
      label="Country"
      placeholder="Select a country"
      value={place}
      options={
        countries.data &&
        selectableCountries(countries.data).map((entry) => ({
          value: entry.code,
          label: entry.name,
        }))
      }
      isLoading={countries.isPending}
      loadError={countries.error}
      onRetry={() => void countries.refetch()}
      error={error}
      onChange={onPlaceChange}
      ref={selectRef}
    />
  );

  return (
    <form noValidate onSubmit={onSubmit}>
      {isInternationalOffered && (
        <fieldset className="choice-group">
          <legend>Residency</legend>
          <label className="choice">
            <input
              type="radio"
              name="residency"
              value="UNITED_STATES"
              checked={isUnitedStates}
              onChange={() => onResidencyChange('UNITED_STATES')}
            />
            United States
          </label>
          <label className="choice">
            <input
              type="radio"
              name="residency"
              value="INTERNATIONAL"
              checked={!isUnitedStates}
              onChange={() => onResidencyChange('INTERNATIONAL')}
            />
            International
          </label>
        </fieldset>
      )}
      {placeSelect}
      {notServicedState !== undefined ? (
        <>
          <div className="notice" role="status">
            <p>{NOT_SERVICED_MESSAGE}</p>
            <p>
              Join the waitlist by email and {brand.companyName} will let you know when loans are
              offered in {notServicedState.name}.
            </p>
          </div>
          <a
            className="button"
            href={`mailto:${brand.supportEmail}?subject=${encodeURIComponent(`Waitlist: ${notServicedState.name}`)}`}
          >
            Join Waitlist
          </a>
        </>
      ) : (
        <button type="submit" className="button">
          Continue
        </button>
      )}
    </form>
  );
}
