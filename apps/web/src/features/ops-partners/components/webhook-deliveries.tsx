/**
 * One endpoint's delivery log: each delivery's event, status and every attempt (status, latency),
 * newest first; an event, or every event of a time range, is sent again after the agent confirms
 * it in the shared confirm dialog.
 */
import { useState } from 'react';
import {
  PARTNER_DELIVERIES_LIST_MAX,
  type TPartnerDelivery,
  type TPostOpsWebhookReplayBody,
  type TWebhookEndpoint,
} from '@pledge/contract';
import { Button } from '../../../ui/button/button.js';
import { TextField } from '../../../ui/text-field/text-field.js';
import { formatDateTime, shortId } from '../../ops/format.js';
import { OpsConfirmDialog, toastDone } from '../../ops/components/ops-confirm-dialog.js';
import { OpsList } from '../../ops/components/ops-list.js';
import type { TOpsColumn } from '../../ops/components/ops-table.js';
import { useReplayWebhookEvents, useWebhookDeliveries } from '../api/ops-partners.js';

/** A replayed range spans at most a week (the server refuses a longer one). */
export const REPLAY_RANGE_MAX_MS = 7 * 24 * 60 * 60 * 1000;

const STATUS_WORDS: Readonly<Record<TPartnerDelivery['status'], string>> = {
  PENDING: 'Pending',
  DELIVERED: 'Delivered',
  GAVE_UP: 'Gave up',
};

type TAttempt = TPartnerDelivery['attempts'][number];

function attemptText(attempt: TAttempt): string {
  const outcome =
    attempt.statusCode === null ? (attempt.error ?? 'no answer') : `HTTP ${attempt.statusCode}`;
  return `${formatDateTime(attempt.attemptedAt)}: ${outcome}, ${attempt.latencyMs} ms`;
}

/** The attempts of a delivery, oldest first; the answer's first KB is behind its own disclosure. */
function Attempts({ delivery }: { delivery: TPartnerDelivery }) {
  if (delivery.attempts.length === 0) {
    return <>None yet: next {formatDateTime(delivery.nextAttemptAt)}</>;
  }
  return (
    <ol className="ops-partners__attempts">
      {delivery.attempts.map((attempt, index) => (
        <li key={`${attempt.attemptedAt}-${String(index)}`} className="ops-break">
          {attemptText(attempt)}
          {attempt.responseBody !== null && attempt.responseBody !== '' && (
            <details>
              <summary>Answer</summary>
              <pre className="ops-break ops-partners__answer">{attempt.responseBody}</pre>
            </details>
          )}
        </li>
      ))}
    </ol>
  );
}

function deliveryColumns(onReplay: (delivery: TPartnerDelivery) => void) {
  const columns: readonly TOpsColumn<TPartnerDelivery>[] = [
    { header: 'Queued', cell: (delivery) => formatDateTime(delivery.createdAt) },
    {
      header: 'Event',
      cellClassName: 'ops-break',
      cell: (delivery) => (
        <>
          {delivery.eventType}{' '}
          <span className="ops-id" title={delivery.eventId}>
            {shortId(delivery.eventId)}
          </span>
          {delivery.isReplay && <span className="ops-muted"> (replay)</span>}
        </>
      ),
    },
    { header: 'Status', cell: (delivery) => STATUS_WORDS[delivery.status] },
    { header: 'Attempts', cell: (delivery) => <Attempts delivery={delivery} /> },
    {
      header: 'Action',
      cell: (delivery) => (
        <Button variant="secondary" isFullWidth={false} onClick={() => onReplay(delivery)}>
          Send again <span className="visually-hidden">event {delivery.eventId}</span>
        </Button>
      ),
    },
  ];
  return columns;
}

/** "2026-11-29T10:00" (a datetime-local value, read as UTC) → an ISO instant; null if not a time. */
export function utcInstantOf(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const time = Date.parse(`${value}:00Z`);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

function toastReplayed({ replayed }: { replayed: number }) {
  toastDone(`${String(replayed)} ${replayed === 1 ? 'event' : 'events'} queued again`);
}

type TReplayTarget = { kind: 'event'; delivery: TPartnerDelivery } | { kind: 'range' };

function ConfirmReplay({
  endpoint,
  target,
  onClose,
}: {
  endpoint: TWebhookEndpoint;
  target: TReplayTarget;
  onClose: () => void;
}) {
  const replay = useReplayWebhookEvents(endpoint.id);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [rangeError, setRangeError] = useState<string | null>(null);

  function rangeOf(): TPostOpsWebhookReplayBody | null {
    const fromIso = utcInstantOf(from);
    const toIso = utcInstantOf(to);
    if (fromIso === null || toIso === null) {
      setRangeError('Give both times, as a date and an hour (UTC).');
      return null;
    }
    const span = Date.parse(toIso) - Date.parse(fromIso);
    if (span <= 0 || span > REPLAY_RANGE_MAX_MS) {
      setRangeError('The end must come after the start, at most a week later.');
      return null;
    }
    setRangeError(null);
    return { from: fromIso, to: toIso };
  }

  return target.kind === 'event' ? (
    <OpsConfirmDialog
      formId="ops-replay-event"
      title="Send this event again?"
      description={`${target.delivery.eventType} ${target.delivery.eventId} goes to ${endpoint.url} again, with the same event id (the lender ignores a copy it already has).`}
      confirmLabel="Send again"
      call={replay}
      argsOf={() => ({ eventId: target.delivery.eventId })}
      onDone={toastReplayed}
      onClose={onClose}
    />
  ) : (
    <OpsConfirmDialog
      formId="ops-replay-range"
      title="Send a time range again?"
      description={`Every event of ${endpoint.brand} between the two times (UTC, at most a week apart) goes to ${endpoint.url} again, in order, with their own event ids.`}
      confirmLabel="Send the range again"
      call={replay}
      argsOf={rangeOf}
      onDone={toastReplayed}
      onClose={onClose}
    >
      <TextField
        label="From (UTC)"
        type="datetime-local"
        isRequired
        value={from}
        error={rangeError ?? undefined}
        onChange={(event) => setFrom(event.target.value)}
      />
      <TextField
        label="To (UTC)"
        type="datetime-local"
        isRequired
        value={to}
        onChange={(event) => setTo(event.target.value)}
      />
    </OpsConfirmDialog>
  );
}

export function WebhookDeliveries({ endpoint }: { endpoint: TWebhookEndpoint }) {
  const query = useWebhookDeliveries(endpoint.id);
  const [target, setTarget] = useState<TReplayTarget | null>(null);
  return (
    <section className="ops-section" aria-labelledby="ops-partner-deliveries">
      <h2 id="ops-partner-deliveries">
        Deliveries to <span className="ops-break">{endpoint.url}</span>
      </h2>
      <p className="ops-muted">
        The latest {PARTNER_DELIVERIES_LIST_MAX} deliveries, newest first, with every attempt.
      </p>
      <Button variant="secondary" isFullWidth={false} onClick={() => setTarget({ kind: 'range' })}>
        Send a time range again
      </Button>
      <OpsList
        query={query}
        loadingText="Loading the deliveries…"
        errorTitle="The deliveries could not be loaded"
        items={query.data?.deliveries}
        caption={`Deliveries to ${endpoint.url}`}
        columns={deliveryColumns((delivery) => setTarget({ kind: 'event', delivery }))}
        rowKey={(delivery) => delivery.id}
        emptyText="Nothing was sent to this endpoint yet."
      />
      {target !== null && (
        <ConfirmReplay endpoint={endpoint} target={target} onClose={() => setTarget(null)} />
      )}
    </section>
  );
}
