import {
  Button,
  Text,
  UNSTABLE_Toast as Toast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastRegion as AriaToastRegion,
} from 'react-aria-components/Toast';
import { toastQueue, type TToastQueue } from './toast-queue.js';

export interface TToastRegionProps {
  queue?: TToastQueue;
  /** The landmark's name; F6 moves focus to the region. */
  label?: string;
}

/**
 * Renders a toast queue as a landmark region (react-aria: announced to screen readers, reachable
 * with F6, timers paused while hovered or focused, focus restored when the last toast closes).
 */
export function ToastRegion({ queue = toastQueue, label = 'Notifications' }: TToastRegionProps) {
  return (
    <AriaToastRegion queue={queue} className="toast-region" aria-label={label}>
      {({ toast }) => (
        <Toast toast={toast} className={`toast toast--${toast.content.variant ?? 'info'}`}>
          <ToastContent className="toast__content">
            <Text slot="title" className="toast__title">
              {toast.content.title}
            </Text>
            {toast.content.description !== undefined && (
              <Text slot="description" className="toast__description">
                {toast.content.description}
              </Text>
            )}
          </ToastContent>
          <Button slot="close" className="toast__close" aria-label="Close">
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </Button>
        </Toast>
      )}
    </AriaToastRegion>
  );
}
