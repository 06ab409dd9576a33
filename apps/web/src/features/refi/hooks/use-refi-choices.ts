import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRefinancingApplication } from '@pledge/contract';
import {
  cachedRefiApplications,
  refiApplicationsQueryKey,
  setCachedRefiApplication,
} from '../api/refi-applications.js';
import { confirmRefinancing, selectRefiOffer, setRefiStabilization } from '../api/refi-choices.js';
import { withConfirmation, withSelectedOffer } from '../refi-loans.js';

type TSnapshot = { previous: TRefinancingApplication[] | undefined };

/**
 * The choices of a card, each shown at once and put back when the server refuses it (document 2 §4:
 * selecting an offer moves it to selectedOffer optimistically and rolls back on error; a failed
 * confirmation restores the prior cache).
 */
export function useRefiChoices(identityUuid: string, app: TRefinancingApplication) {
  const queryClient = useQueryClient();
  const queryKey = refiApplicationsQueryKey(identityUuid);

  async function optimistic(change: TRefinancingApplication): Promise<TSnapshot> {
    await queryClient.cancelQueries({ queryKey });
    const previous = cachedRefiApplications(queryClient, identityUuid);
    setCachedRefiApplication(queryClient, identityUuid, change);
    return { previous };
  }
  const rollBack = (_error: Error, _input: unknown, snapshot: TSnapshot | undefined) => {
    if (snapshot?.previous !== undefined) queryClient.setQueryData(queryKey, snapshot.previous);
  };
  const keep = (answer: TRefinancingApplication) =>
    setCachedRefiApplication(queryClient, identityUuid, answer);

  const select = useMutation({
    mutationFn: (offerUuid: string) => selectRefiOffer(app.appUuid, offerUuid),
    onMutate: (offerUuid) => optimistic(withSelectedOffer(app, offerUuid)),
    onError: rollBack,
    onSuccess: keep,
  });
  const stabilization = useMutation({
    mutationFn: (optIn: boolean) => setRefiStabilization(app.appUuid, optIn),
    onMutate: (optIn) => optimistic({ ...app, stabilizationOptIn: optIn }),
    onError: rollBack,
    onSuccess: keep,
  });
  const confirm = useMutation({
    mutationFn: (offerUuid: string) => confirmRefinancing(app.appUuid, offerUuid),
    onMutate: () => optimistic(withConfirmation(app)),
    // A confirmation refused because the price moved priced the offers anew on the server: the
    // list is read again to show them, the borrower's choice back as it was.
    onError: (error, input, snapshot) => {
      rollBack(error, input, snapshot);
      void queryClient.invalidateQueries({ queryKey });
    },
    onSuccess: keep,
  });
  return { select, stabilization, confirm };
}
