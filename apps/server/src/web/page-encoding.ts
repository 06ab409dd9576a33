/**
 * Pages go out compressed: with their styles inline and, for server-rendered pages, their content
 * in them, they are tens of kilobytes of text. Brotli when the browser takes it, else gzip, at
 * levels fast enough to run per request.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const BROTLI_QUALITY = 5;
const GZIP_LEVEL = 6;

export type TPageEncoding = 'br' | 'gzip' | null;

/** The encoding to answer with for an Accept-Encoding header (q=0 refuses one). */
export function pageEncodingFor(acceptEncoding: string | undefined): TPageEncoding {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => part !== '' && !/;\s*q=0(?:\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]?.trim() ?? ''),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/** The page's bytes in that encoding. */
export async function encodePage(html: string, encoding: TPageEncoding): Promise<Buffer> {
  const bytes = Buffer.from(html, 'utf8');
  if (encoding === 'br') {
    return brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
  }
  if (encoding === 'gzip') return gzipAsync(bytes, { level: GZIP_LEVEL });
  return bytes;
}
