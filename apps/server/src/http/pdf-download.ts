import type { FastifyReply } from 'fastify';

/**
 * A private PDF the caller downloads: saved under its own name, never kept by a cache. The answer's
 * body is the file's bytes.
 */
export function pdfDownload(
  reply: FastifyReply,
  file: { bytes: Buffer; fileName: string },
): Buffer<ArrayBuffer> {
  void reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'private, no-store');
  // Decrypted bytes always own a plain ArrayBuffer; Fastify sends a Buffer as it is.
  return file.bytes as Buffer<ArrayBuffer>;
}
