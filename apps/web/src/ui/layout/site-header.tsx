import { Link } from 'react-router';
import { useBrand } from '../../brand/brand-context.js';
import { paths } from '../../config/paths.js';

export function SiteHeader() {
  const brand = useBrand();
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link className="brand-link" to={paths.start.getHref()}>
          {/* The company name beside the logo names the link, so the image is decorative. */}
          <img className="brand-link__logo" src={brand.logoUrl} alt="" width="32" height="32" />
          <span>{brand.companyName}</span>
        </Link>
      </div>
    </header>
  );
}
