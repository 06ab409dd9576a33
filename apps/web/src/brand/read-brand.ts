import type { TBrand, THousingLogo } from '@pledge/contract';
import { FALLBACK_BRAND } from './fallback-brand.js';

export const BRAND_CONFIG_ELEMENT_ID = 'brand-config';

/*
 * The server checks every brand against the contract's ZBrand before it injects one (at boot), so
 * the page need not download zod before its first render to check it again. The page checks the
 * block's shape, that of the built-in brand (a block that is not the server's, from a broken proxy
 * or a stale cache, still stops the page), and that colours, which go into CSS, are hex colours.
 */

type TRecord = Record<string, unknown>;

const HEX_COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;

// Every logo of the contract, and no other (the type says so).
const HOUSING_LOGOS: Record<THousingLogo, true> = {
  EQUAL_HOUSING_LENDER: true,
  EQUAL_HOUSING_OPPORTUNITY: true,
  EQUAL_OPPORTUNITY: true,
};

function isRecord(value: unknown): value is TRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The model's keys, each with a value of the same kind (texts not empty; null: any object). */
function hasShapeOf(value: unknown, model: object): value is TRecord {
  return (
    isRecord(value) &&
    Object.entries(model).every(([key, expected]) =>
      isRecord(expected)
        ? hasShapeOf(value[key], expected)
        : typeof value[key] === typeof expected && value[key] !== '',
    )
  );
}

function isBrand(value: unknown): value is TBrand {
  if (!hasShapeOf(value, FALLBACK_BRAND)) return false;
  const { colors, housingLogo, mobileApp } = value;
  return (
    Object.values(colors as TRecord).every(
      (color) => typeof color === 'string' && HEX_COLOR.test(color),
    ) &&
    Object.hasOwn(HOUSING_LOGOS, housingLogo as string) &&
    (mobileApp === null || hasShapeOf(mobileApp, { iosUrl: 'url', androidUrl: 'url' }))
  );
}

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
  if (!isBrand(json)) throw new Error('The brand configuration of this page is incomplete');
  return json;
}
