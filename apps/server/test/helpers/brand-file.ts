/** A brands file production accepts, written for a configuration test. */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The demo's default brand with real-looking contact details (production refuses the demo
 * placeholders), with `change` on top, as `brands.json` in `dir`; answers the file's path.
 */
export function writeProductionBrands(dir: string, change: Record<string, unknown> = {}): string {
  const demo = JSON.parse(
    readFileSync(new URL('../../src/brands/demo-brands.json', import.meta.url), 'utf8'),
  ) as { brands: Record<string, unknown>[] };
  const brands = demo.brands
    .filter((brand) => brand.orgCode === 'default')
    .map((brand) => ({
      ...brand,
      supportEmail: 'help@acme-lending.com',
      supportPhone: '(212) 736-4410',
      termsUrl: 'https://acme-lending.com/terms',
      licensesUrl: 'https://acme-lending.com/licenses',
      ...change,
    }));
  const file = path.join(dir, 'brands.json');
  writeFileSync(file, JSON.stringify({ brands }));
  return file;
}
