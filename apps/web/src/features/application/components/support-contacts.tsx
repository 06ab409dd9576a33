import { useBrand } from '../../../brand/brand-context.js';
import { telHref } from '../credit-bureaus.js';

/** The lender's support phone and email, as links. */
export function SupportContacts() {
  const brand = useBrand();
  return (
    <ul className="support-contacts" aria-label={`${brand.companyName} support`}>
      <li>
        Phone: <a href={telHref(brand.supportPhone)}>{brand.supportPhone}</a>
      </li>
      <li>
        Email: <a href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</a>
      </li>
    </ul>
  );
}
