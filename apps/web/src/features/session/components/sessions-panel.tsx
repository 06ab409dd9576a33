import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TIdentitySession } from '@pledge/contract';
import { localMomentInWords } from '@pledge/domain';
import { clearToken } from '../../../api/token.js';
import { Alert } from '../../../ui/alert/alert.js';
import { Button } from '../../../ui/button/button.js';
import { Modal } from '../../../ui/modal/modal.js';
import {
  endAllSessions,
  endSession,
  failureOf,
  sessionsQuery,
} from '../api/account-security-calls.js';
import { browserNavigation } from '../browser-navigation.js';

function when(iso: string): string {
  return localMomentInWords(iso);
}

function SessionRow({
  session,
  onEnd,
  isEnding,
}: {
  session: TIdentitySession;
  onEnd: (sessionId: string) => void;
  isEnding: boolean;
}) {
  return (
    <li className="sessions-panel__item">
      <p className="sessions-panel__device">
        <strong>{session.deviceLabel}</strong>
        {session.isCurrent && <span className="sessions-panel__current"> (this device)</span>}
      </p>
      <p className="sessions-panel__times">
        Signed in{' '}
        <time className="sessions-panel__date" dateTime={session.startedAt}>
          {when(session.startedAt)}
        </time>{' '}
        · last active{' '}
        <time className="sessions-panel__date" dateTime={session.lastSeenAt}>
          {when(session.lastSeenAt)}
        </time>
      </p>
      {!session.isCurrent && (
        <Button
          variant="secondary"
          isFullWidth={false}
          isLoading={isEnding}
          aria-label={`Sign out ${session.deviceLabel}, signed in ${when(session.startedAt)}`}
          onClick={() => onEnd(session.sessionId)}
        >
          Sign out
        </Button>
      )}
    </li>
  );
}

/** Where the person is signed in, with a way to sign out one device or every device at once. */
export function SessionsPanel() {
  const queryClient = useQueryClient();
  const sessions = useQuery(sessionsQuery);
  const [isConfirming, setIsConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const endOne = useMutation({
    mutationFn: endSession,
    onMutate: () => setError(null),
    onError: (failure) => setError(failureOf(failure, []).message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey }),
  });
  const endAll = useMutation({
    mutationFn: endAllSessions,
    onMutate: () => setError(null),
    onSuccess: (redirectUrl) => {
      // Every token is refused now, this one too: leave with nothing stored.
      clearToken();
      browserNavigation.assign(redirectUrl);
    },
    onError: (failure) => {
      setIsConfirming(false);
      setError(failureOf(failure, []).message);
    },
  });

  return (
    <section className="sessions-panel" aria-labelledby="sessions-panel-title">
      <h2 id="sessions-panel-title">Where you are signed in</h2>
      {error !== null && <Alert variant="error">{error}</Alert>}
      {sessions.isPending && (
        <p className="loading" role="status">
          Loading your sessions…
        </p>
      )}
      {sessions.isError && <Alert variant="error">{failureOf(sessions.error, []).message}</Alert>}
      {sessions.data !== undefined && (
        <ul className="sessions-panel__list">
          {sessions.data.sessions.map((session) => (
            <SessionRow
              key={session.sessionId}
              session={session}
              isEnding={endOne.isPending && endOne.variables === session.sessionId}
              onEnd={(sessionId) => endOne.mutate(sessionId)}
            />
          ))}
        </ul>
      )}
      <Button variant="secondary" onClick={() => setIsConfirming(true)}>
        Sign out everywhere
      </Button>
      <Modal
        isOpen={isConfirming}
        onClose={() => setIsConfirming(false)}
        title="Sign out everywhere?"
        description="Every device signed in to your account, this one too, is signed out at once. You will need a new sign-in code to come back."
        footer={
          <>
            <Button variant="secondary" onClick={() => setIsConfirming(false)}>
              Cancel
            </Button>
            <Button isLoading={endAll.isPending} onClick={() => endAll.mutate()}>
              Sign out everywhere
            </Button>
          </>
        }
      />
    </section>
  );
}
