import { toString } from 'qrcode';

/**
 * The QR code of a text as an SVG data URL, for an <img> (the content security policy allows data:
 * images, not inline scripts or styles). Kept in its own module so the encoder loads only when a QR
 * code is shown.
 */
export async function qrSvgDataUrl(text: string): Promise<string> {
  const svg = await toString(text, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
