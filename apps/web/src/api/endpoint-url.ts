import { buildPath, type TEndpoint } from '@pledge/contract';

type TQueryValue = string | number | boolean | null | undefined;

function toSearch(query: object | undefined): string {
  if (query === undefined) return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(
    query as Record<string, TQueryValue | TQueryValue[]>,
  )) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null) search.append(name, String(item));
    }
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

/** The URL of a call: the endpoint's path with its params filled in, plus the query string. */
export function endpointUrl(
  endpoint: Pick<TEndpoint, 'path'>,
  params?: Record<string, string | number>,
  query?: object,
): string {
  return `${buildPath(endpoint.path, params)}${toSearch(query)}`;
}
