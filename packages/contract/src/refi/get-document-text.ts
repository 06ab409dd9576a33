import { z } from 'zod/mini';
import { defineEndpoint, REFI } from '../define-endpoint.js';
import { ZRefiDocumentParams } from './get-download-document.js';

/** The words of a refinancing disclosure, as its PDF has them. */
export const ZRefiDocumentText = z.object({
  title: z.string().check(z.maxLength(500)),
  paragraphs: z.array(z.string().check(z.maxLength(20_000))).check(z.maxLength(500)),
});
export type TRefiDocumentText = z.infer<typeof ZRefiDocumentText>;

/** Null for a document generated before its words were kept: its PDF is downloaded instead. */
export const ZGetRefiDocumentTextResponse = z.object({ text: z.nullable(ZRefiDocumentText) });
export type TGetRefiDocumentTextResponse = z.infer<typeof ZGetRefiDocumentTextResponse>;

/** The disclosure's words, shown on the signing page beside its Download (document 2 §2). */
export const getRefiDocumentText = defineEndpoint({
  method: 'GET',
  path: `${REFI}/document-text/:docUuid`,
  auth: 'bearer',
  summary: 'The words of a refinancing disclosure, to read it on the page',
  params: ZRefiDocumentParams,
  response: ZGetRefiDocumentTextResponse,
});
