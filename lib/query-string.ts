/** A page's query string as Next hands it to the page (its `searchParams`, once awaited). */
export type SearchParams = Record<string, string | string[] | undefined>;

/**
 * The one rule for reading a query string into an object for a schema, shared by the API's `query` option
 * and the console's list pages: the first value of a repeated key, and blank fields left out (a search form
 * sends every field) so they mean "no filter".
 */
export function queryObject(params: URLSearchParams | SearchParams): Record<string, string> {
  const entries: [string, string | undefined][] =
    params instanceof URLSearchParams
      ? [...params.keys()].map((key) => [key, params.get(key) ?? undefined])
      : Object.entries(params).map(([key, value]) => [key, Array.isArray(value) ? value[0] : value]);
  const result: Record<string, string> = {};
  for (const [key, value] of entries) {
    if (value !== undefined && value.trim() !== '') result[key] = value;
  }
  return result;
}

/** A shop page's waiting-list offer (?offer=, docs/waiting-lists.md): its id, or '' when the link names none. */
export function offerParam(query: SearchParams): string {
  return queryObject(query).offer?.trim() ?? '';
}
