import { afterEach, beforeEach } from 'vitest';

/**
 * jsdom has no showModal()/close(): these do to the element what the browser does (set or remove
 * the open attribute, fire 'close'), for the tests of pages with modals.
 */
export function installDialogPolyfill() {
  beforeEach(() => {
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
    Reflect.deleteProperty(HTMLDialogElement.prototype, 'showModal');
    Reflect.deleteProperty(HTMLDialogElement.prototype, 'close');
  });
}
