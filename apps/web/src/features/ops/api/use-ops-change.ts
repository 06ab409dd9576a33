import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * An agent's change from the console: the call, then every read under `refreshKey` fetched again,
 * whether the server took the change or refused it (another agent may have been quicker, so the
 * page may be out of date either way). `onAnswer` sees what the server answered first.
 */
export function useOpsChange<TArgs, TAnswer>(
  call: (args: TArgs) => Promise<TAnswer>,
  refreshKey: QueryKey,
  onAnswer?: (answer: TAnswer) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    ...(onAnswer === undefined ? {} : { onSuccess: onAnswer }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: refreshKey }),
  });
}
