/**
 * Names joined as an English sentence: "A", "A and B", "A, B, and C"; without the serial comma
 * ("A, B and C") where a text is quoted that way, as the footer's country list (document 2 §9).
 *
 * Written out rather than with `Intl.ListFormat`: the first `Intl` object a page creates loads the
 * browser's locale data, a task long enough to count against a page's start-up (DESIGN §7), and
 * the product speaks US English only.
 */
export function listInWords(
  names: readonly string[],
  options: { serialComma?: boolean } = {},
): string {
  if (names.length <= 2) return names.join(' and ');
  const last = options.serialComma === false ? ' and ' : ', and ';
  return `${names.slice(0, -1).join(', ')}${last}${names.at(-1) ?? ''}`;
}

// Made on first use, like everything `Intl` here: creating a page's first `Intl` object loads the
// browser's locale data, and most pages that load this module never sort anything by name.
let collator: Intl.Collator | undefined;

/** Orders by name as an English reader expects: "Åland Islands" between "Afghanistan" and "Albania". */
export function compareByName(a: { name: string }, b: { name: string }): number {
  collator ??= new Intl.Collator('en');
  return collator.compare(a.name, b.name);
}
