import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TApplication, TDocument, TFinalSteps } from '@pledge/contract';
import {
  isRenewalCollateralDue,
  markLastDocumentSigned,
  routeAfterLastSignature,
} from '@pledge/domain';
import { isApiError } from '../../../api/client.js';
import { userAppsQuery } from '../../dashboard/api/dashboard-queries.js';
import {
  applicationQueryKey,
  setCachedApplicationState,
} from '../../application/api/get-application.js';
import { applicationDestinationHref } from '../../application/application-route.js';
import { borrowerDocumentsQueryKey } from '../../documents/api/get-borrower-documents.js';
import { finalStepsQueryKey } from '../../final-steps/api/get-final-steps.js';
import { signDocument } from '../api/sign-document.js';

/**
 * Signs the documents one at a time. Each signature marks its document signed in the cached list,
 * which brings up the next one; the last one marks Review Agreements PENDING in the cached final
 * steps (document 1 §4) and answers where the borrower goes next. A conflict (the application
 * moved on, or an earlier document is unsigned) reloads the application, the documents and the
 * dashboard's applications.
 */
export function useSignDocument(application: TApplication) {
  const queryClient = useQueryClient();
  const { appUuid, identityUuid } = application;
  const [destination, setDestination] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: (document: TDocument) =>
      signDocument({ appUuid, identityUuid, docUuid: document.uuid }),
    onSuccess: (result) => {
      queryClient.setQueryData<TDocument[]>(borrowerDocumentsQueryKey(appUuid), (documents) =>
        documents?.map((document) =>
          document.uuid === result.document.uuid ? result.document : document,
        ),
      );
      if (result.unsignedRemaining > 0) return;
      queryClient.setQueryData<TFinalSteps>(finalStepsQueryKey(appUuid), (steps) =>
        steps === undefined
          ? undefined
          : // The domain names the overall status differently; only the items change.
            {
              ...steps,
              items: markLastDocumentSigned({ items: steps.items, overallStatus: steps.status })
                .items,
            },
      );
      setCachedApplicationState(queryClient, appUuid, result);
      const next = routeAfterLastSignature({
        isRenewal: application.isRollForward,
        collateralDue: isRenewalCollateralDue(application.rollForwardLoanDetails),
      });
      setDestination(applicationDestinationHref(appUuid, next));
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: applicationQueryKey(appUuid), exact: true });
        void queryClient.invalidateQueries({ queryKey: borrowerDocumentsQueryKey(appUuid) });
        // A renewal re-priced at its signature ended: the dashboard it leads back to asks again
        // (dropped, not only marked stale: the dashboard does not fetch again on opening).
        queryClient.removeQueries({ queryKey: userAppsQuery.queryKey });
      }
    },
  });

  return { ...mutation, destination };
}
