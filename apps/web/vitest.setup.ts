import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { startPageLoad } from './src/api/page-visit.js';
import { setSigningOut } from './src/features/session/sign-out-state.js';
import { toastQueue } from './src/ui/toast/toast-queue.js';

// `npm test` runs these files beside the server's tests on two cores: a lazily loaded screen may
// take more than the default second to appear (its first import is compiled then), which is
// slowness, not a failure. A passing test never waits this long.
configure({ asyncUtilTimeout: 15_000 });

// jsdom has no showModal()/close(): these do to the dialog what the browser does (set or remove the
// open attribute, fire 'close'), for every test that opens a modal.
beforeEach(() => {
  if (typeof HTMLDialogElement === 'undefined') return;
  Object.assign(HTMLDialogElement.prototype, {
    showModal(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    },
    close(this: HTMLDialogElement) {
      if (!this.hasAttribute('open')) return;
      this.removeAttribute('open');
      this.dispatchEvent(new Event('close'));
    },
  });
});

// Test files share their worker's modules (vite.config.ts): what a page keeps in a module until the
// next page load starts again for each test, as after a navigation, whatever file ran before. A
// toast left on the app's queue would otherwise show in the next file's layout as its alert, and a
// sign-out whose navigation the test stubbed would keep the next pages from sending to sign in.
afterEach(() => {
  cleanup();
  startPageLoad();
  toastQueue.clear();
  setSigningOut(false);
  if (typeof window !== 'undefined') window.localStorage.clear();
  if (typeof HTMLDialogElement === 'undefined') return;
  Reflect.deleteProperty(HTMLDialogElement.prototype, 'showModal');
  Reflect.deleteProperty(HTMLDialogElement.prototype, 'close');
});
