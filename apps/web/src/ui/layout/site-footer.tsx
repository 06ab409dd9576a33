import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { useBrand } from '../../brand/brand-context.js';
import { Button } from '../button/button.js';
import { HousingLogo } from './housing-logo.js';

// The country list (the domain's country table) loads after the page, like the privacy options
// (and the profile calls behind them), which load when first opened.
const UnavailableCountries = lazy(() => import('./unavailable-countries.js'));

const PrivacyOptionsModal = lazy(async () => ({
  default: (await import('./privacy-options/privacy-options-modal.js')).PrivacyOptionsModal,
}));

const NMLS_CONSUMER_ACCESS = 'https://www.nmlsconsumeraccess.org/EntityDetails.aspx/COMPANY/';

/** A link of the brand: a page of this app through the router, anything else as it is. */
function BrandLink({ href, children }: { href: string; children: string }) {
  return href.startsWith('/') ? <Link to={href}>{children}</Link> : <a href={href}>{children}</a>;
}

/**
 * The footer of every page (document 2 §2): terms, privacy, licences, the NMLS number, the year,
 * the brand's state licences and footer paragraphs (brand console), its fair-lending mark, the
 * privacy options and the countries the loans are not available in (§9).
 */
export function SiteFooter() {
  const brand = useBrand();
  const year = new Date().getFullYear();
  const [isPrivacyOpen, setIsPrivacyOpen] = useState(false);
  // Each opening starts from the saved choices; the dialog stays mounted while it closes, so the
  // browser gives focus back to the button.
  const [privacyOpenings, setPrivacyOpenings] = useState(0);
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <nav className="site-footer__links" aria-label="Legal">
          <ul>
            <li>
              <BrandLink href={brand.termsUrl}>Terms of use</BrandLink>
            </li>
            <li>
              <BrandLink href={brand.privacyUrl}>Privacy</BrandLink>
            </li>
            <li>
              <BrandLink href={brand.licensesUrl}>Licenses</BrandLink>
            </li>
            <li>
              <Button
                variant="link"
                className="site-footer__privacy-options"
                aria-haspopup="dialog"
                onClick={() => {
                  setPrivacyOpenings((count) => count + 1);
                  setIsPrivacyOpen(true);
                }}
              >
                Privacy options
              </Button>
            </li>
          </ul>
        </nav>
        <div className="site-footer__identity">
          <HousingLogo logo={brand.housingLogo} />
          <div>
            <p>
              {brand.legalName} ·{' '}
              <a
                className="nowrap"
                href={`${NMLS_CONSUMER_ACCESS}${encodeURIComponent(brand.nmlsNumber)}`}
              >
                NMLS #{brand.nmlsNumber}
              </a>
            </p>
            <p>
              Questions? <a href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</a> ·{' '}
              <a href={`tel:${brand.supportPhone.replace(/[^\d+]/g, '')}`}>{brand.supportPhone}</a>
            </p>
            {brand.stateLicences !== undefined && brand.stateLicences.length > 0 && (
              <p className="site-footer__licences">
                State licences:{' '}
                {brand.stateLicences
                  .map((licence) => `${licence.state} ${licence.number}`)
                  .join(' · ')}
              </p>
            )}
            <p>
              © {year} {brand.legalName}
            </p>
          </div>
        </div>
        {brand.footerTexts?.map((text) => (
          <p key={text} className="site-footer__text">
            {text}
          </p>
        ))}
        <Suspense fallback={null}>
          <UnavailableCountries />
        </Suspense>
      </div>
      {privacyOpenings > 0 && (
        <Suspense fallback={null}>
          <PrivacyOptionsModal
            key={privacyOpenings}
            isOpen={isPrivacyOpen}
            onClose={() => setIsPrivacyOpen(false)}
          />
        </Suspense>
      )}
    </footer>
  );
}
