import { CREDIT_BUREAUS, telHref } from '../credit-bureaus.js';
import { ExternalLink } from './external-link.js';

interface TCreditBureauListProps {
  /** Which of the bureau's pages to link: its freeze centre, or its site for a lock. */
  link: 'freeze' | 'lock';
}

/** The three bureaus with a link and a phone number each. */
export function CreditBureauList({ link }: TCreditBureauListProps) {
  return (
    <ul className="credit-bureaus">
      {CREDIT_BUREAUS.map((bureau) => (
        <li key={bureau.name} className="credit-bureaus__item">
          <h3 className="credit-bureaus__name">{bureau.name}</h3>
          <p className="credit-bureaus__line">
            <ExternalLink href={link === 'freeze' ? bureau.freezeUrl : bureau.siteUrl}>
              {link === 'freeze' ? `Lift a freeze at ${bureau.name}` : `Sign in at ${bureau.name}`}
            </ExternalLink>
          </p>
          <p className="credit-bureaus__line">
            Phone: <a href={telHref(bureau.phone)}>{bureau.phone}</a>
          </p>
        </li>
      ))}
    </ul>
  );
}
