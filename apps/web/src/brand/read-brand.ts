import { ZBrand, type TBrand } from '@pledge/contract';
import { FALLBACK_BRAND } from './fallback-brand.js';

export const BRAND_CONFIG_ELEMENT_ID = 'brand-config';

/**
 * The brand the server injected into index.html as a JSON data block. A block that is present but
 * malformed is a server fault and throws rather than showing the wrong lender's details.
 */
export function readBrand(doc: Document = document): TBrand {
  const element = doc.getElementById(BRAND_CONFIG_ELEMENT_ID);
  if (element === null) return FALLBACK_BRAND;
  let json: unknown;
  try {
    json = JSON.parse(element.textContent ?? '');
  } catch (cause) {
    throw new Error('The brand configuration of this page is not valid JSON', { cause });
  }
  const parsed = ZBrand.safeParse(json);
  if (!parsed.success) {
    throw new Error('The brand configuration of this page is incomplete', { cause: parsed.error });
  }
  return parsed.data;
}
