import { useEffect, useRef, useState } from 'react';
import { QR_GIVE_UP_MS, QR_IMPRESSION_MS, QR_MAX_RELOADS, QR_REFRESH_MS } from '@pledge/domain';
import { loadWithRetry } from './load-with-retry.js';
import type { qrSvgDataUrl } from './qr-svg.js';

/** Which flow's failure text to show: document 1 §8 or document 2 §8. */
export type TQrFailureVariant = 'borrower' | 'refinancing';

export const QR_FAILURE_MESSAGES: Record<TQrFailureVariant, string> = {
  borrower: 'QR code is generating. Make sure adblock is disabled and refresh the page.',
  refinancing: 'Failed to generate QR code. Make sure adblock is disabled and refresh the page.',
};

/** Page reloads already spent on a QR code that would not load, in this tab. */
export const QR_RELOADS_STORAGE_KEY = 'pledge.qr-reloads';

/** The outcome for one value; while it is for another value (or none yet) the code is loading. */
type TQrOutcome = { value: string } & ({ status: 'ready'; src: string } | { status: 'failed' });
type TQrState = { status: 'loading' } | TQrOutcome;

export interface TQrCodeProps {
  /** The text encoded (an address, a link). */
  value: string;
  /** What the code is, for people who cannot see it ("QR code of the deposit address"). */
  alt: string;
  /** Width and height in CSS pixels. */
  size?: number;
  failureVariant?: TQrFailureVariant;
  /** Called once the code has been visible for QR_IMPRESSION_MS. */
  onImpression?: () => void;
  /** When the encoder cannot be loaded, reload the page, at most QR_MAX_RELOADS times per tab. */
  reloadOnFailure?: boolean;
  className?: string;
}

function readReloads(): number {
  try {
    return Number(sessionStorage.getItem(QR_RELOADS_STORAGE_KEY) ?? '0') || 0;
  } catch {
    return QR_MAX_RELOADS;
  }
}

function writeReloads(count: number | null): void {
  try {
    if (count === null) sessionStorage.removeItem(QR_RELOADS_STORAGE_KEY);
    else sessionStorage.setItem(QR_RELOADS_STORAGE_KEY, String(count));
  } catch {
    // Storage refused (private mode): the page simply is not reloaded.
  }
}

/**
 * A QR code drawn as an SVG image. The encoder is loaded on demand; a blocked load (an ad blocker)
 * is retried every QR_REFRESH_MS and abandoned after QR_GIVE_UP_MS, then the flow's failure text is
 * shown (document 1 §8, document 2 §8 and §9).
 */
export function QrCode({
  value,
  alt,
  size = 200,
  failureVariant = 'borrower',
  onImpression,
  reloadOnFailure = false,
  className,
}: TQrCodeProps) {
  const [outcome, setOutcome] = useState<TQrOutcome | null>(null);
  const state: TQrState =
    outcome !== null && outcome.value === value ? outcome : { status: 'loading' };
  const impression = useRef(onImpression);
  useEffect(() => {
    impression.current = onImpression;
  }, [onImpression]);

  useEffect(() => {
    const controller = new AbortController();

    function fail(canReload: boolean) {
      const reloads = readReloads();
      if (canReload && reloadOnFailure && reloads < QR_MAX_RELOADS) {
        writeReloads(reloads + 1);
        window.location.reload();
        return;
      }
      setOutcome({ value, status: 'failed' });
    }

    async function draw() {
      let encoder: { qrSvgDataUrl: typeof qrSvgDataUrl };
      try {
        encoder = await loadWithRetry(
          () => import('./qr-svg.js'),
          { intervalMs: QR_REFRESH_MS, giveUpMs: QR_GIVE_UP_MS },
          controller.signal,
        );
      } catch {
        if (!controller.signal.aborted) fail(true);
        return;
      }
      try {
        const src = await encoder.qrSvgDataUrl(value);
        if (controller.signal.aborted) return;
        writeReloads(null);
        setOutcome({ value, status: 'ready', src });
      } catch {
        // The text cannot be encoded (too long): retrying or reloading would not help.
        if (!controller.signal.aborted) fail(false);
      }
    }

    void draw();
    return () => controller.abort();
  }, [value, reloadOnFailure]);

  const isReady = state.status === 'ready';
  useEffect(() => {
    if (!isReady) return;
    const timer = setTimeout(() => impression.current?.(), QR_IMPRESSION_MS);
    return () => clearTimeout(timer);
  }, [isReady]);

  const classes = className === undefined ? 'qr-code' : `qr-code ${className}`;
  if (state.status === 'failed') {
    return (
      <div className={`${classes} qr-code--failed`}>
        <p className="qr-code__failure" role="alert">
          {QR_FAILURE_MESSAGES[failureVariant]}
        </p>
      </div>
    );
  }
  if (state.status === 'loading') {
    return (
      <div className={`${classes} qr-code--loading`} aria-busy="true">
        <svg
          className="qr-code__placeholder"
          viewBox="0 0 1 1"
          width={size}
          height={size}
          aria-hidden="true"
          focusable="false"
        >
          <rect width="1" height="1" />
        </svg>
        <span className="visually-hidden">Loading the QR code</span>
      </div>
    );
  }
  return (
    <div className={classes}>
      <img className="qr-code__image" src={state.src} alt={alt} width={size} height={size} />
    </div>
  );
}
