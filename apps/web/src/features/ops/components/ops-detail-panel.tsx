/**
 * The console's detail panel: one record (an application, a loan) with the way back to its list,
 * its title and facts, the actions an agent may take on it (each confirmed with the shared confirm
 * dialog) and its sections. While it loads, and when it cannot (no such record, or a failure),
 * the panel says so in the same words for every record.
 */
import { Fragment, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../../api/client.js';
import { Alert } from '../../../ui/alert/alert.js';
import { Button } from '../../../ui/button/button.js';
import { PageHeading } from '../../../ui/page-heading.js';
import { OpsFacts, type TOpsFact } from './ops-facts.js';
import type { TLoadQuery } from './ops-query-status.js';

/** An action on the record: its button, and the confirmation the button opens. */
export type TOpsDetailAction = {
  id: string;
  label: string;
  isPrimary?: boolean;
  /** Why the action cannot be taken now: its button is disabled and says so. Null when it can. */
  hold?: string | null;
  /** The action's confirm dialog; it calls `onClose` once done or abandoned. */
  confirm: (onClose: () => void) => ReactNode;
};

/** What the panel shows of a loaded record. */
export type TOpsDetail = {
  title: string;
  facts: readonly TOpsFact[];
  actions: readonly TOpsDetailAction[];
  /** Said above the actions, such as why some are not offered at all. */
  actionsNote?: string;
  sections: ReactNode;
};

/**
 * Actions on a record, a button each: disabled with its reason where the record does not allow it;
 * the one pressed opens its confirmation.
 */
export function OpsActionButtons({ actions }: { actions: readonly TOpsDetailAction[] }) {
  const [openId, setOpenId] = useState<string | null>(null);
  const open = actions.find((action) => action.id === openId);
  return (
    <>
      {actions.length > 0 && (
        <ul className="ops-actions__list">
          {actions.map((action) => {
            const hold = action.hold ?? null;
            const hintId = `ops-action-hint-${action.id}`;
            return (
              <li key={action.id}>
                <Button
                  variant={action.isPrimary === true ? 'primary' : 'secondary'}
                  isFullWidth={false}
                  disabled={hold !== null}
                  // A held action opens nothing.
                  aria-haspopup={hold === null ? 'dialog' : undefined}
                  aria-describedby={hold === null ? undefined : hintId}
                  onClick={() => setOpenId(action.id)}
                >
                  {action.label}
                </Button>
                {hold !== null && (
                  <span id={hintId} className="ops-muted ops-actions__hint">
                    {hold}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {open !== undefined && (
        <Fragment key={open.id}>{open.confirm(() => setOpenId(null))}</Fragment>
      )}
    </>
  );
}

/** The record's actions section: a note where some are not offered, then the actions. */
export function OpsDetailActions({
  actions,
  note,
}: {
  actions: readonly TOpsDetailAction[];
  note?: string | undefined;
}) {
  return (
    <section className="ops-section ops-actions" aria-labelledby="ops-section-actions">
      <h2 id="ops-section-actions">Actions</h2>
      {note !== undefined && <p>{note}</p>}
      <OpsActionButtons actions={actions} />
    </section>
  );
}

function capitalized(word: string): string {
  return `${word.charAt(0).toUpperCase()}${word.slice(1)}`;
}

export function OpsDetailPanel<TData>({
  query,
  noun,
  id,
  back,
  detail,
}: {
  query: TLoadQuery & { data: TData | undefined };
  /** What the record is, in the words of the page: "application", "loan". */
  noun: string;
  /** The id asked for, as the address gives it. */
  id: string;
  back: { href: string; label: string };
  detail: (data: TData) => TOpsDetail;
}) {
  const backLink = (
    <p className="ops-back">
      <Link to={back.href}>{back.label}</Link>
    </p>
  );
  if (query.isPending) {
    return (
      <section className="ops-page">
        {backLink}
        <p className="loading" role="status">
          Loading the {noun}…
        </p>
      </section>
    );
  }
  if (query.isError || query.data === undefined) {
    const isNotFound =
      isApiError(query.error) && (query.error.status === 404 || query.error.status === 400);
    return (
      <section className="ops-page">
        {backLink}
        <PageHeading>
          {isNotFound ? `${capitalized(noun)} not found` : `The ${noun} could not be loaded`}
        </PageHeading>
        {isNotFound ? (
          <p>
            No {noun} has the id {id}.
          </p>
        ) : (
          <>
            <Alert variant="error" title="Something went wrong">
              {query.error?.message}
            </Alert>
            <Button isFullWidth={false} onClick={() => void query.refetch()}>
              Try again
            </Button>
          </>
        )}
      </section>
    );
  }

  const { title, facts, actions, actionsNote, sections } = detail(query.data);
  return (
    <section className="ops-page ops-detail">
      {backLink}
      <PageHeading>{title}</PageHeading>
      <OpsFacts facts={facts} />
      <OpsDetailActions actions={actions} note={actionsNote} />
      {sections}
    </section>
  );
}
