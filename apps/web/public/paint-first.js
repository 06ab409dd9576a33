/* global document, HTMLScriptElement, requestAnimationFrame, setTimeout */
// Starts the app on a server-rendered page once that page has been painted. The server puts this
// script in place of the app's entry and names the entry and the modules to preload in its data
// attributes: the page shows from its HTML first, then the app's code is fetched (all of it at
// once) and takes the page over.
const boot = document.querySelector('script[data-app-entry]');
if (boot instanceof HTMLScriptElement && boot.dataset.appEntry) {
  const entry = boot.dataset.appEntry;
  const preloads = (boot.dataset.appPreloads ?? '').split(' ').filter(Boolean);
  requestAnimationFrame(() => {
    setTimeout(() => {
      for (const href of preloads) {
        const link = document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = href;
        document.head.append(link);
      }
      void import(entry);
    }, 0);
  });
}
