/**
 * The port a partner webhook is posted through. The real adapter speaks HTTPS to the address the
 * URL guard checked (security/public-url.ts); the sandbox's own receiver is reached in process.
 */
export interface TWebhookRequest {
  /** The URL as registered (its host name is sent for TLS and the Host header). */
  url: URL;
  /** The checked address to connect to: never looked up again. */
  address: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  /** At most this many bytes of the answer are read. */
  maxResponseBytes: number;
}

export interface TWebhookResponse {
  status: number;
  /** The first maxResponseBytes bytes of the answer, as text. */
  body: string;
}

/** Posts a webhook; throws (with a short message) when no answer came (refused, timed out). */
export type TWebhookTransport = (request: TWebhookRequest) => Promise<TWebhookResponse>;
