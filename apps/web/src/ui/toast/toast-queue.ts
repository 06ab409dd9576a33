import { UNSTABLE_ToastQueue as ToastQueue } from 'react-aria-components/Toast';
import { TOASTS_MAX_VISIBLE } from '@pledge/domain';

export type TToastVariant = 'info' | 'success' | 'warn' | 'error';

export interface TToastContent {
  title: string;
  description?: string;
  variant?: TToastVariant;
}

export type TToastQueue = ToastQueue<TToastContent>;

/** A queue that shows at most TOASTS_MAX_VISIBLE toasts at once (document 2 §4, §9). */
export function createToastQueue(): TToastQueue {
  return new ToastQueue<TToastContent>({ maxVisibleToasts: TOASTS_MAX_VISIBLE });
}

/**
 * The app's queue. Anything may add to it (`toastQueue.add({ title }, { timeout })`); the one
 * ToastRegion rendered by the layout shows it. Without a timeout a toast stays until closed, which
 * suits anything a person must read.
 */
export const toastQueue = createToastQueue();
