import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';

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

afterEach(() => {
  cleanup();
  if (typeof window !== 'undefined') window.localStorage.clear();
  if (typeof HTMLDialogElement === 'undefined') return;
  Reflect.deleteProperty(HTMLDialogElement.prototype, 'showModal');
  Reflect.deleteProperty(HTMLDialogElement.prototype, 'close');
});
