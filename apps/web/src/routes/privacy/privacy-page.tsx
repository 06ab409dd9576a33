import { Link } from 'react-router';
import { useBrand } from '../../brand/brand-context.js';
import type { TRouteHandle } from '../../ui/layout/route-handle.js';
import { PageHeading } from '../../ui/page-heading.js';
import { SectionLinks } from '../../ui/section-links.js';

export const handle: TRouteHandle = { title: 'Privacy notice' };

const SECTIONS = [
  { id: 'collect', title: 'What we collect' },
  { id: 'use', title: 'Why we use it' },
  { id: 'protect', title: 'How we protect it' },
  { id: 'share', title: 'Who we share it with' },
  { id: 'keep', title: 'How long we keep it' },
  { id: 'rights', title: 'Your choices and rights' },
  { id: 'contact', title: 'Contact us' },
] as const;

/** The privacy notice of the brand (document 2 §2: a public page). */
export function PrivacyPage() {
  const brand = useBrand();
  const phoneHref = `tel:${brand.supportPhone.replace(/[^\d+]/g, '')}`;
  return (
    <article className="prose-page">
      <PageHeading>Privacy notice</PageHeading>
      <p className="prose-page__lead">
        This notice explains what personal information {brand.legalName} (“{brand.companyName}”,
        “we”, NMLS #{brand.nmlsNumber}) collects when you apply for or hold a crypto-backed loan
        with us, why we need it, how we protect it and the choices you have.
      </p>
      <nav className="prose-page__toc" aria-label="On this page">
        <SectionLinks sections={SECTIONS} />
      </nav>

      <section aria-labelledby="collect">
        <h2 id="collect">What we collect</h2>
        <ul>
          <li>
            <strong>Identity and contact details:</strong> your name, date of birth, home address,
            phone number, e-mail address and whether you are a US citizen or permanent resident.
          </li>
          <li>
            <strong>Social Security number:</strong> to verify who you are and to run a soft credit
            check, which does not affect your credit score.
          </li>
          <li>
            <strong>Credit information:</strong> the report a consumer reporting agency returns for
            that soft check.
          </li>
          <li>
            <strong>Bank details:</strong> the routing and account number you enter, or the account
            you choose when you link your bank through our bank-linking provider, to pay your loan
            out to you.
          </li>
          <li>
            <strong>Wallet addresses:</strong> the addresses you send collateral from, the address
            we return it to and, for a USDC payout, your receiving wallet.
          </li>
          <li>
            <strong>Identity documents:</strong> the photo of your driver’s license, state ID or
            passport, and any additional document showing your name and address.
          </li>
          <li>
            <strong>Usage information:</strong> the pages you visit on this site, your browser’s
            screen and window size, the page that referred you, and a random session identifier. We
            use it to keep the service working and to improve it.
          </li>
        </ul>
      </section>

      <section aria-labelledby="use">
        <h2 id="use">Why we use it</h2>
        <ul>
          <li>To decide on your application, prepare your offer and your loan documents.</li>
          <li>
            To verify your identity and meet our obligations under anti-money-laundering and
            sanctions laws.
          </li>
          <li>
            To hold your collateral, pay your loan out, service it and return your collateral.
          </li>
          <li>To protect your account and our service against fraud and misuse.</li>
          <li>To tell you about your loan. We send marketing only while you have not opted out.</li>
        </ul>
      </section>

      <section aria-labelledby="protect">
        <h2 id="protect">How we protect it</h2>
        <ul>
          <li>Everything you send us travels encrypted (HTTPS).</li>
          <li>
            Your Social Security number, bank account numbers and identity documents are stored
            encrypted, and our pages only ever show their last digits.
          </li>
          <li>
            Sign-in codes and passwords are never stored in readable form; a sign-in lasts a short
            time and ends when you sign out.
          </li>
          <li>Only staff who need your information to serve you can reach it.</li>
        </ul>
      </section>

      <section aria-labelledby="share">
        <h2 id="share">Who we share it with</h2>
        <p>We do not sell your personal information. We share it only:</p>
        <ul>
          <li>
            with the service providers that help us make and service your loan: consumer reporting
            agencies, identity verification, bank linking, payment and custody providers, each bound
            to use it only for that work;
          </li>
          <li>with regulators, auditors and law enforcement when the law requires it;</li>
          <li>with anyone you ask us to share it with.</li>
        </ul>
      </section>

      <section aria-labelledby="keep">
        <h2 id="keep">How long we keep it</h2>
        <p>
          We keep your application and loan records for as long as your loan is open and afterwards
          for as long as the law requires lenders to keep them. Usage information is kept only as
          long as it is useful to run and improve the service. Information we no longer need is
          deleted.
        </p>
      </section>

      <section aria-labelledby="rights">
        <h2 id="rights">Your choices and rights</h2>
        <ul>
          <li>
            You can opt out of marketing and other communications at any time with{' '}
            <strong>Privacy options</strong> at the bottom of every page. Messages about your loan
            and your account are always sent.
          </li>
          <li>
            You can ask for a copy of your personal information, ask us to correct it, or ask us to
            delete what the law does not require us to keep.
          </li>
          <li>
            Depending on the state you live in, you may have further rights; we honour them whatever
            your state.
          </li>
        </ul>
      </section>

      <section aria-labelledby="contact">
        <h2 id="contact">Contact us</h2>
        <p>
          For any question about your privacy, or to use your rights, contact {brand.legalName} at{' '}
          <a href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</a> or{' '}
          <a href={phoneHref}>{brand.supportPhone}</a>. The terms of your loan are in our{' '}
          {brand.termsUrl.startsWith('/') ? (
            <Link to={brand.termsUrl}>terms of use</Link>
          ) : (
            <a href={brand.termsUrl}>terms of use</a>
          )}
          .
        </p>
      </section>
    </article>
  );
}

export { PrivacyPage as Component };
