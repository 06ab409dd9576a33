import { useEffect, useRef, useState } from 'react';
import { whenIdle } from './after-page-settles.js';

/** The layout's background video (document 2 §2) and its still, static files of the web app. */
export const BACKGROUND_VIDEO_SRC = '/media/background.webm';
export const BACKGROUND_POSTER_SRC = '/media/background-poster.jpg';

/**
 * Where the video may move: a wide screen (not a phone, where it would cost data and battery)
 * whose reader has not asked for less motion. Everywhere else the still stands in for it.
 */
export const BACKGROUND_MOTION_QUERY =
  '(min-width: 64rem) and (prefers-reduced-motion: no-preference)';

/** Remembered for the visit: a reader who paused the video is not shown it moving again. */
const PAUSED_STORAGE_KEY = 'pledge.backgroundVideo.paused';

function readPaused(): boolean {
  try {
    return window.sessionStorage.getItem(PAUSED_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

function writePaused(isPaused: boolean): void {
  try {
    window.sessionStorage.setItem(PAUSED_STORAGE_KEY, String(isPaused));
  } catch {
    // Storage refused: the choice holds for this page only.
  }
}

function savesData(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData === true;
}

function useCanMove(): boolean {
  const [canMove, setCanMove] = useState(false);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(BACKGROUND_MOTION_QUERY);
    const update = () => setCanMove(query.matches && !savesData());
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return canMove;
}

/**
 * `read()`'s answer once the page has loaded and the browser is idle (undefined until then):
 * nothing here delays a first paint, not even the first read of session storage, which blocks.
 */
function useReadWhenIdle<T>(read: () => T): T | undefined {
  const [answer, setAnswer] = useState<{ value: T } | null>(null);
  useEffect(() => whenIdle(() => setAnswer({ value: read() })), [read]);
  return answer?.value;
}

/**
 * A small, muted, looping background video behind the layout, decorative (hidden from assistive
 * technology). It loads after the page, plays only where BACKGROUND_MOTION_QUERY allows (the still
 * elsewhere), and has a pause button, since it moves for longer than 5 s (WCAG 2.2.2).
 */
export function BackgroundVideo() {
  // Read once the page is idle, when the video loads: paused until then.
  const storedPaused = useReadWhenIdle(readPaused);
  const isIdle = storedPaused !== undefined;
  const canMove = useCanMove();
  const [clickedPaused, setIsPaused] = useState<boolean | null>(null);
  const isPaused = clickedPaused ?? storedPaused ?? true;
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const element = video.current;
    if (element === null) return;
    if (canMove && !isPaused) {
      // A browser may still refuse to play; the still stays then.
      element.play().catch(() => undefined);
    } else if (!element.paused) {
      element.pause();
    }
  }, [isIdle, canMove, isPaused]);

  if (!isIdle) return null;
  return (
    <>
      <div className="background-video" aria-hidden="true">
        <video
          ref={video}
          className="background-video__media"
          poster={BACKGROUND_POSTER_SRC}
          muted
          loop
          playsInline
          disablePictureInPicture
          preload="none"
          tabIndex={-1}
        >
          <source src={BACKGROUND_VIDEO_SRC} type="video/webm" />
        </video>
      </div>
      {canMove && (
        <div className="background-video__controls">
          <button
            type="button"
            className="button button--link button--fit"
            aria-pressed={isPaused}
            onClick={() => {
              writePaused(!isPaused);
              setIsPaused(!isPaused);
            }}
          >
            Pause background animation
          </button>
        </div>
      )}
    </>
  );
}
