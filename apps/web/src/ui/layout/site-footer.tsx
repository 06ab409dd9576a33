import { useBrand } from '../../brand/brand-context.js';

export function SiteFooter() {
  const brand = useBrand();
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <p>NMLS #{brand.nmlsNumber}</p>
        <p>
          © {year} {brand.legalName}
        </p>
      </div>
    </footer>
  );
}
