/**
 * Background jobs of every kind that failed (credit checks, disclosures, statements, deposit
 * watches, mail…): retrying or dead, newest failure first, with the scrubbed cause and what each is
 * about; an agent retries one now or discards it, with a reason kept in the audit trail. A kind
 * that moves money or changes who owns what cannot be discarded by one agent: it is retried.
 */
import { useState } from 'react';
import type { TFailedJob } from '@pledge/contract';
import { Button } from '../../../ui/button/button.js';
import {
  useFailedJobAction,
  useOpsFailedJobs,
  type TFailedJobAction,
} from '../api/ops-failed-jobs.js';
import { formatDateTime, shortId } from '../format.js';
import { OpsReasonDialog, toastDone } from './ops-confirm-dialog.js';
import { OpsApplicationLink, OpsLoanLink } from './ops-links.js';
import { OpsList, useOpsList } from './ops-list.js';
import type { TOpsColumn } from './ops-table.js';

const STATUS_WORDS: Readonly<Record<TFailedJob['status'], string>> = {
  RETRYING: 'Retrying',
  DEAD: 'Dead',
};

const SUBJECT_WORDS: Readonly<Record<NonNullable<TFailedJob['subject']>['type'], string>> = {
  APPLICATION: 'Application',
  LOAN: 'Loan',
  IDENTITY_DOCUMENT: 'ID document',
  EMAIL: 'E-mail',
  STATEMENT: 'Statement',
  LIQUIDATION: 'Liquidation',
  WAITLIST_ENTRY: 'Waitlist entry',
};

function Subject({ job }: { job: TFailedJob }) {
  const { subject } = job;
  if (subject === null) return <>—</>;
  if (subject.type === 'APPLICATION') return <OpsApplicationLink appUuid={subject.id} />;
  if (subject.type === 'LOAN') return <OpsLoanLink loanUuid={subject.id} />;
  return (
    <span title={subject.id}>
      {SUBJECT_WORDS[subject.type]} <span className="ops-id">{shortId(subject.id)}</span>
    </span>
  );
}

const ACTION_TEXTS: Readonly<
  Record<TFailedJobAction, { label: string; title: string; description: string; done: string }>
> = {
  retry: {
    label: 'Retry now',
    title: 'Retry this job now?',
    description:
      'It goes back in the queue at once with a full set of attempts, and runs its own checks again.',
    done: 'queued again',
  },
  discard: {
    label: 'Discard',
    title: 'Discard this job?',
    description: 'It is not tried again: whatever it was to do is left undone.',
    done: 'discarded',
  },
};

function ConfirmJobAction({
  job,
  action,
  onClose,
}: {
  job: TFailedJob;
  action: TFailedJobAction;
  onClose: () => void;
}) {
  const mutation = useFailedJobAction(action);
  const texts = ACTION_TEXTS[action];

  return (
    <OpsReasonDialog
      formId={`ops-${action}-job`}
      title={texts.title}
      description={`Job ${job.jobId} (${job.kind}). ${texts.description} The reason is kept in the audit trail.`}
      confirmLabel={texts.label}
      call={mutation}
      argsOf={(reason) => ({ jobId: job.jobId, reason })}
      onDone={() => toastDone(`Job ${job.jobId} (${job.kind}) ${texts.done}`)}
      onClose={onClose}
    />
  );
}

function jobColumns(
  onAction: (job: TFailedJob, action: TFailedJobAction) => void,
): readonly TOpsColumn<TFailedJob>[] {
  return [
    { header: 'Failed', cell: (job) => formatDateTime(job.failedAt) },
    { header: 'Kind', cellClassName: 'ops-break', cell: (job) => job.kind },
    {
      header: 'Status',
      cell: (job) =>
        job.nextAttemptAt === null
          ? STATUS_WORDS[job.status]
          : `${STATUS_WORDS[job.status]}: next try ${formatDateTime(job.nextAttemptAt)}`,
    },
    { header: 'Attempts', cell: (job) => `${job.attempts} of ${job.maxAttempts}` },
    { header: 'About', cell: (job) => <Subject job={job} /> },
    { header: 'Last error', cellClassName: 'ops-break', cell: (job) => job.lastError ?? '—' },
    { header: 'Queued', cell: (job) => formatDateTime(job.createdAt) },
    {
      header: 'Action',
      cell: (job) => {
        const hintId = `ops-job-hint-${job.jobId}`;
        return (
          <>
            <Button variant="secondary" isFullWidth={false} onClick={() => onAction(job, 'retry')}>
              Retry now <span className="visually-hidden">job {job.jobId}</span>
            </Button>{' '}
            <Button
              variant="secondary"
              isFullWidth={false}
              disabled={job.discardRefusal !== null}
              aria-describedby={job.discardRefusal === null ? undefined : hintId}
              onClick={() => onAction(job, 'discard')}
            >
              Discard <span className="visually-hidden">job {job.jobId}</span>
            </Button>
            {job.discardRefusal !== null && (
              <span id={hintId} className="ops-muted ops-actions__hint">
                {job.discardRefusal}
              </span>
            )}
          </>
        );
      },
    },
  ];
}

export function OpsFailedJobs() {
  const list = useOpsList([]);
  const query = useOpsFailedJobs(list.cursor);
  const [target, setTarget] = useState<{ job: TFailedJob; action: TFailedJobAction } | null>(null);
  return (
    <>
      <OpsList
        list={list}
        query={query}
        loadingText="Loading the failed jobs…"
        errorTitle="The failed jobs could not be loaded"
        items={query.data?.items}
        nextCursor={query.data?.nextCursor}
        caption="Failed jobs, newest failure first"
        columns={jobColumns((job, action) => setTarget({ job, action }))}
        rowKey={(job) => job.jobId}
        emptyText="No background job has failed."
      />
      {target !== null && (
        <ConfirmJobAction job={target.job} action={target.action} onClose={() => setTarget(null)} />
      )}
    </>
  );
}
