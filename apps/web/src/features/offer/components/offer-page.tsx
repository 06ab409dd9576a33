import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { US_STATES, type TResidence } from '@pledge/domain';
import { useBrand } from '../../../brand/brand-context.js';
import { paths } from '../../../config/paths.js';
import { Alert } from '../../../ui/alert/alert.js';
import { ScreenLoading } from '../../../ui/layout/app-layout.js';
import { useSession } from '../../session/use-session.js';
import { useStartSignIn } from '../../session/use-start-sign-in.js';
import { offersInternational } from '../../residency/offers-international.js';
import { useCountryRules, type TCountryRules } from '../hooks/use-country-rules.js';
import { residenceFromQuery } from '../offer-query.js';
import { OfferForm } from './offer-form.js';

function residenceName(residence: TResidence, countryRules: TCountryRules | undefined): string {
  if (residence.kind === 'state') {
    return US_STATES.find((entry) => entry.code === residence.state)?.name ?? residence.state;
  }
  return countryRules?.findCountry(residence.countryCode)?.name ?? residence.countryCode;
}

/**
 * The offer page for the residence in the address (?state= or ?countryCode=); a residence that
 * gets no offers says so and leads back to the residency choice.
 */
export function OfferPage() {
  const brand = useBrand();
  const [searchParams] = useSearchParams();
  const session = useSession();
  const { startSignIn } = useStartSignIn();
  const state = searchParams.get('state');
  const countryCode = searchParams.get('countryCode');
  const isInternationalOffered = offersInternational(brand);
  // Only an address that names a country needs the list of every country.
  const countryRules = useCountryRules((countryCode ?? '').trim() !== '');
  const queryResidence = useMemo(
    () =>
      residenceFromQuery(
        new URLSearchParams({ state: state ?? '', countryCode: countryCode ?? '' }),
        { offersInternational: isInternationalOffered, countryRules },
      ),
    [state, countryCode, isInternationalOffered, countryRules],
  );

  if (queryResidence.isOfferable === null) return <ScreenLoading />;
  if (!queryResidence.isOfferable) {
    return (
      <Alert variant="info" title={queryResidence.message}>
        <p>
          <Link to={paths.residency.getHref()}>Choose where you live</Link> to see the offers
          available to you, or to join the waitlist for your state.
        </p>
      </Alert>
    );
  }
  return (
    <OfferForm
      residence={queryResidence.residence}
      residenceName={residenceName(queryResidence.residence, countryRules)}
      sessionStatus={session.status === 'error' ? 'signed-out' : session.status}
      startSignIn={(returnPath) => void startSignIn(returnPath)}
    />
  );
}
