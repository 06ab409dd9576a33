/**
 * Full-page navigations, kept in one place so tests can replace them: signing in and out leave
 * the single-page app, and landing afterwards reloads the page so that every piece of state starts
 * from the new session.
 */
export const browserNavigation = {
  /** Loads another page of the site. */
  assign(href: string): void {
    window.location.assign(href);
  },

  /**
   * POSTs to a URL that answers with a redirect (the broker's login: 303 to the hosted sign-in
   * page) and loads the page the redirect leads to. The call carries no body: the broker's login
   * takes its input from the query alone.
   */
  async postAndFollow(action: string): Promise<void> {
    const response = await fetch(action, {
      method: 'POST',
      credentials: 'include',
      redirect: 'follow',
    });
    if (!response.redirected || !response.ok) {
      throw new Error(`The sign-in could not start (status ${response.status})`);
    }
    window.location.assign(response.url);
  },
};
