import { useCallback, useMemo } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod/mini';
import { formatUsd, usdToCents } from '@pledge/domain';
import { useBrand } from '../../../brand/brand-context.js';
import { paths } from '../../../config/paths.js';
import { telemetry } from '../../../telemetry/telemetry-client.js';
import { Alert } from '../../../ui/alert/alert.js';
import { Button, buttonClassName } from '../../../ui/button/button.js';
import { PageHeading } from '../../../ui/page-heading.js';
import { QrCode } from '../../../ui/qr-code/qr-code.js';
import { mobilePlatform } from '../mobile-platform.js';

/** Sent once the install QR code has been on screen for QR_IMPRESSION_MS. */
export const QR_IMPRESSION_EVENT = 'MOBILE_APP_QR_IMPRESSION';

const ZAppUuid = z.uuid();
const QR_SIZE_PX = 200;

/** The loan amount of the query as shown ("$20,250.00"), or null when it is not an amount. */
export function loanAmountText(value: string | null): string | null {
  if (value === null || value.trim() === '') return null;
  try {
    const cents = usdToCents(value);
    return cents > 0 ? formatUsd(cents) : null;
  } catch {
    return null;
  }
}

function NoApplication() {
  const navigate = useNavigate();
  const { key } = useLocation();
  // 'default' is the first page of this visit: there is no page to go back to.
  const canGoBack = key !== 'default';
  return (
    <>
      <PageHeading>Get the mobile app</PageHeading>
      <Alert variant="warn" title="No application was found.">
        <p>Go back to the loan details page and continue from there.</p>
        {canGoBack ? (
          <Button variant="secondary" isFullWidth={false} onClick={() => void navigate(-1)}>
            Back to loan details
          </Button>
        ) : (
          <Link to={paths.start.getHref()}>Start a loan application</Link>
        )}
      </Alert>
    </>
  );
}

/**
 * Get the mobile app (document 1 §2): the application goes on in the brand's app. A desktop shows
 * a QR code that opens this page on the phone; the phone shows the link to its app store.
 */
export function GetMobileApp() {
  const brand = useBrand();
  const [searchParams] = useSearchParams();
  const appUuidParam = searchParams.get('appUuid');
  const appUuid = ZAppUuid.safeParse(appUuidParam).success ? appUuidParam : null;
  const amount = loanAmountText(searchParams.get('loanAmount'));
  const platform = useMemo(() => mobilePlatform(), []);
  const onImpression = useCallback(() => {
    void telemetry.trackEvent({ event: QR_IMPRESSION_EVENT, applicationUuid: appUuid });
  }, [appUuid]);

  if (appUuid === null) return <NoApplication />;

  const app = brand.mobileApp;
  const appName = `the ${brand.companyName} app`;
  const heading = (
    <PageHeading>
      {amount === null
        ? 'Just a few more steps for your loan'
        : `Just a few more steps for your ${amount} loan`}
    </PageHeading>
  );
  // A brand without an app has no install steps to show: the application goes on on the web.
  if (app === null) {
    return (
      <>
        {heading}
        <Alert variant="info" title={`${brand.companyName} has no mobile app.`}>
          <p>Your application continues here, on the web.</p>
          <p>
            <Link to={paths.application.details.getHref(appUuid)}>
              Continue your application on the web
            </Link>
          </p>
        </Alert>
      </>
    );
  }
  return (
    <>
      {heading}
      <div className="mobile-app">
        <ol className="mobile-app__steps">
          <li>
            <h2>Install {appName}</h2>
            <p>Your application continues in the app, on your phone.</p>
          </li>
          <li>
            <h2>Complete your account setup</h2>
            <p>It takes 5-10 minutes.</p>
          </li>
          <li>
            <h2>Submit your loan application</h2>
            <p>You can still adjust the terms of your loan in the app before you submit.</p>
          </li>
        </ol>
        <div className="mobile-app__install">
          {platform === null ? (
            <>
              <h2>Scan to get the app</h2>
              <p>Scan this code with your phone&apos;s camera to install {appName}.</p>
              <QrCode
                value={window.location.href}
                alt={`QR code that opens the download of ${appName} on your phone`}
                size={QR_SIZE_PX}
                failureVariant="borrower"
                reloadOnFailure
                onImpression={onImpression}
              />
              <p className="mobile-app__stores">
                Or download it from the <a href={app.iosUrl}>App Store</a> or{' '}
                <a href={app.androidUrl}>Google Play</a>.
              </p>
            </>
          ) : (
            <a
              className={buttonClassName()}
              href={platform === 'ios' ? app.iosUrl : app.androidUrl}
            >
              Install {appName}
            </a>
          )}
        </div>
      </div>
    </>
  );
}
