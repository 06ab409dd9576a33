import type { ReactNode } from 'react';

/**
 * A link to another site, opened in a new tab so that a form on this page keeps what was typed.
 * The arrow shows it; assistive technology hears it.
 */
export function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a className="external-link" href={href} target="_blank" rel="noopener noreferrer">
      {children}{' '}
      <svg
        className="external-link__icon"
        viewBox="0 0 24 24"
        width="14"
        height="14"
        aria-hidden="true"
        focusable="false"
      >
        <path d="M14 5h5v5M19 5l-8 8M17 13v5a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1h5" />
      </svg>
      <span className="visually-hidden">(opens in a new tab)</span>
    </a>
  );
}
