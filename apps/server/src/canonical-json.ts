/**
 * A JSON value as text with the keys of every object in order, so that two values differ as text
 * only when they differ as values (jsonb keeps its own order of keys). Keys holding undefined are
 * left out, as JSON leaves them; any other value JSON cannot write (undefined itself, in an array
 * or alone) reads as `undefinedAs`.
 */
export function canonicalJson(value: unknown, options: { undefinedAs: string }): string {
  if (value === null || typeof value !== 'object') {
    return JSON.stringify(value) ?? options.undefinedAs;
  }
  if (Array.isArray(value)) {
    return `[${value.map((item) => canonicalJson(item, options)).join(',')}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const members = entries.map(
    ([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item, options)}`,
  );
  return `{${members.join(',')}}`;
}
