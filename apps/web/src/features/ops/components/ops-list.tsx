/**
 * The console's list: its filters (in the address or kept by the page), the load's status, the
 * rows or a line saying there are none, and the pages by the server's cursor. Every console list
 * is one of these, told its columns and texts.
 */
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../ui/button/button.js';
import { Select, type TSelectOption } from '../../../ui/select/select.js';
import { TextField } from '../../../ui/text-field/text-field.js';
import { OpsQueryStatus, type TLoadQuery } from './ops-query-status.js';
import { OpsTable, type TOpsTableProps } from './ops-table.js';

/** The longest search the console sends; the server matches ids and e-mail addresses. */
const SEARCH_MAX_LENGTH = 200;

/** A filter by one of a few values, or by all of them (its first option). */
export type TOpsSelectFilter<TValue extends string = string> = {
  kind: 'select';
  name: string;
  label: string;
  /** The option that filters nothing, such as "All statuses". */
  allLabel: string;
  values: readonly TValue[];
  /** How each value reads in the list; the value itself where it has no words. */
  words?: Readonly<Record<TValue, string>>;
  /** The value the list starts with, when it is not all of them. */
  initial?: TValue;
};

/** A filter of a list: one of a few values, or a search. */
export type TOpsFilter =
  TOpsSelectFilter | { kind: 'search'; name: string; label: string; description?: string };

/** A select filter, typed by its values so that the value chosen reads as one of them. */
export function selectFilter<TValue extends string>(
  filter: Omit<TOpsSelectFilter<TValue>, 'kind'>,
): TOpsSelectFilter<TValue> {
  return { kind: 'select', ...filter };
}

function selectOptions(filter: TOpsSelectFilter): TSelectOption[] {
  return [
    { value: '', label: filter.allLabel },
    ...filter.values.map((value) => ({ value, label: filter.words?.[value] ?? value })),
  ];
}

/** Each filter's value by its name; undefined where it filters nothing. */
export type TOpsFilterValues = Readonly<Record<string, string | undefined>>;

/** A list's filters and the page it shows, as `useOpsList` keeps them. */
export type TOpsListState = {
  filters: readonly TOpsFilter[];
  values: TOpsFilterValues;
  /** Some filter narrows the list: an empty list then says nothing matches. */
  isFiltered: boolean;
  /** The cursor of the page shown; undefined on the first. */
  cursor: string | undefined;
  hasPrevious: boolean;
  /** The value chosen in a select filter, or undefined for all of them. */
  chosen: <TValue extends string>(filter: TOpsSelectFilter<TValue>) => TValue | undefined;
  setFilter: (name: string, value: string) => void;
  previousPage: () => void;
  nextPage: (cursor: string) => void;
};

/** A filter's value as given (in the address, or chosen), or undefined where it is none of its own. */
function filterValue(filter: TOpsFilter, given: string | null | undefined): string | undefined {
  const value = given?.trim() ?? '';
  if (value === '') return undefined;
  if (filter.kind === 'select' && !filter.values.includes(value)) return undefined;
  return value;
}

/**
 * The filters and pages of a list. With `isInAddress` the filters live in the address (so a
 * detail page's "back" returns to the same list); otherwise the page keeps them. Any change of a
 * filter goes back to the first page; the cursors of the pages before the one shown let
 * "Previous page" go back one.
 */
export function useOpsList(
  filters: readonly TOpsFilter[],
  { isInAddress = false }: { isInAddress?: boolean } = {},
): TOpsListState {
  const [searchParams, setSearchParams] = useSearchParams();
  const [chosen, setChosen] = useState<Readonly<Record<string, string>>>(() =>
    Object.fromEntries(
      filters.flatMap((filter) =>
        filter.kind === 'select' && filter.initial !== undefined
          ? [[filter.name, filter.initial]]
          : [],
      ),
    ),
  );
  const [cursors, setCursors] = useState<readonly string[]>([]);
  const values: TOpsFilterValues = Object.fromEntries(
    filters.map((filter) => [
      filter.name,
      filterValue(filter, isInAddress ? searchParams.get(filter.name) : chosen[filter.name]),
    ]),
  );

  function setFilter(name: string, value: string) {
    setCursors([]);
    if (!isInAddress) {
      setChosen((current) => ({ ...current, [name]: value }));
      return;
    }
    const params = new URLSearchParams(searchParams);
    if (value.trim() === '') params.delete(name);
    else params.set(name, value.trim());
    setSearchParams(params);
  }

  return {
    filters,
    values,
    isFiltered: Object.values(values).some((value) => value !== undefined),
    chosen: (filter) => filter.values.find((value) => value === values[filter.name]),
    cursor: cursors.at(-1),
    hasPrevious: cursors.length > 0,
    setFilter,
    previousPage: () => setCursors((current) => current.slice(0, -1)),
    nextPage: (cursor) => setCursors((current) => [...current, cursor]),
  };
}

function OpsSearch({
  filter,
  value,
  onSearch,
}: {
  filter: Extract<TOpsFilter, { kind: 'search' }>;
  value: string | undefined;
  onSearch: (text: string) => void;
}) {
  const [text, setText] = useState(value ?? '');
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSearch(text);
  }
  return (
    <form className="ops-filters__search" role="search" noValidate onSubmit={onSubmit}>
      <TextField
        label={filter.label}
        description={filter.description}
        type="search"
        value={text}
        maxLength={SEARCH_MAX_LENGTH}
        onChange={(event) => setText(event.target.value)}
      />
      <Button type="submit" isFullWidth={false}>
        Search
      </Button>
      {value !== undefined && (
        <Button
          variant="secondary"
          isFullWidth={false}
          onClick={() => {
            setText('');
            onSearch('');
          }}
        >
          Clear search
        </Button>
      )}
    </form>
  );
}

function OpsFilters({ list }: { list: TOpsListState }) {
  return (
    <div className="ops-filters">
      {list.filters.map((filter) =>
        filter.kind === 'select' ? (
          <Select
            key={filter.name}
            label={filter.label}
            options={selectOptions(filter)}
            value={list.values[filter.name] ?? ''}
            onValueChange={(value) => list.setFilter(filter.name, value)}
          />
        ) : (
          <OpsSearch
            key={filter.name}
            filter={filter}
            value={list.values[filter.name]}
            onSearch={(text) => list.setFilter(filter.name, text)}
          />
        ),
      )}
    </div>
  );
}

/** A list read a page at a time, each page appended below the last ("Show more"). */
export type TOpsListMore = { hasMore: boolean; isLoading: boolean; onMore: () => void };

export type TOpsListProps<TItem> = Omit<TOpsTableProps<TItem>, 'items' | 'isBusy'> & {
  query: TLoadQuery & { isFetching: boolean };
  loadingText: string;
  errorTitle: string;
  /** The rows once loaded; undefined while there are none to show yet. */
  items: readonly TItem[] | undefined;
  /** The filters and cursor pages (`useOpsList`); none for a list shown whole. */
  list?: TOpsListState;
  /** The server's cursor of the page after this one; null on the last. */
  nextCursor?: string | null;
  more?: TOpsListMore;
  /** Names the page links where a screen holds several lists. */
  pagerLabel?: string;
};

export function OpsList<TItem>({
  query,
  loadingText,
  errorTitle,
  items,
  list,
  nextCursor = null,
  more,
  pagerLabel = 'Pages',
  ...table
}: TOpsListProps<TItem>) {
  const hasPages = list !== undefined && (list.hasPrevious || nextCursor !== null);
  return (
    <>
      {list !== undefined && list.filters.length > 0 && <OpsFilters list={list} />}
      <OpsQueryStatus query={query} loadingText={loadingText} errorTitle={errorTitle} />
      {items !== undefined &&
        (items.length === 0 ? (
          <p role="status">{table.emptyText}</p>
        ) : (
          <OpsTable {...table} items={items} isBusy={query.isFetching} />
        ))}
      {(hasPages || more?.hasMore === true) && (
        <nav className="ops-pager" aria-label={pagerLabel}>
          {list?.hasPrevious === true && (
            <Button variant="secondary" isFullWidth={false} onClick={list.previousPage}>
              Previous page
            </Button>
          )}
          {list !== undefined && nextCursor !== null && (
            <Button
              isFullWidth={false}
              isLoading={query.isFetching}
              onClick={() => list.nextPage(nextCursor)}
            >
              Next page
            </Button>
          )}
          {more?.hasMore === true && (
            <Button
              variant="secondary"
              isFullWidth={false}
              isLoading={more.isLoading}
              onClick={more.onMore}
            >
              Show more
            </Button>
          )}
        </nav>
      )}
    </>
  );
}
