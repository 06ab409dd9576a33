/**
 * The scalars of the brand block, kept apart from wire.ts (which rests on the domain's money and
 * coin rules): the web app validates the brand before its first render, and that check should not
 * bring those rules into the first download of every page.
 */
import { z } from 'zod/mini';

/** An organisation code of a brand (`default`, `partner`, `markets`). */
export const ZOrgCode = z
  .string()
  .check(
    z.maxLength(63, 'Must be an organisation code'),
    z.regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'Must be an organisation code'),
  );

/** A link in the product: an absolute http(s) URL or a path on this origin. */
export const ZHref = z
  .string()
  .check(
    z.refine(
      (href) =>
        (href.startsWith('/') && !href.startsWith('//')) || /^https?:\/\/[^\s]+$/.test(href),
      'Must be an http(s) URL or a path starting with /',
    ),
  );
