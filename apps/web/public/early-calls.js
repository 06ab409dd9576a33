/* global document, fetch, localStorage, window */
// Starts a signed-in page's first calls while the app's code is still on its way: the session
// check and what the page's screen fetches first, which the server names in this script's data
// attributes (`data-audience`, and `data-calls`: a JSON list of { url, headers?, cache? }). They
// are sent only with a token of the page's audience held, as the app would send them; the app takes
// their answers instead of asking again (src/api/early-calls.ts, which also names the keys below).
(() => {
  const script = document.currentScript;
  // The app has started and asks for itself (src/api/early-calls.ts, closeEarlyCalls).
  if (script === null || window.__pledgeEarlyCalls !== undefined) return;
  let token = null;
  let audience = null;
  try {
    token = localStorage.getItem('pledge.jwt');
    audience = localStorage.getItem('pledge.jwt.audience') === 'agent' ? 'agent' : 'customer';
  } catch {
    return;
  }
  if (token === null || audience !== script.dataset.audience) return;
  let calls;
  try {
    calls = JSON.parse(script.dataset.calls ?? '[]');
  } catch {
    return;
  }
  if (!Array.isArray(calls)) return;
  const started = [];
  for (const call of calls) {
    // Only this site's own paths ever get the token.
    if (typeof call?.url !== 'string' || !call.url.startsWith('/') || call.url.startsWith('//')) {
      continue;
    }
    const headers = {
      ...call.headers,
      Accept: 'application/json',
      Authorization: `Bearer ${token}`,
    };
    const response = fetch(call.url, {
      headers,
      credentials: 'include',
      ...(call.cache === undefined ? {} : { cache: call.cache }),
    });
    // Its failure is the app's to see, when it takes the call (it then asks again).
    response.catch(() => undefined);
    started.push({ ...call, token, startedAt: Date.now(), response });
  }
  window.__pledgeEarlyCalls = started;
})();
