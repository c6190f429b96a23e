// A change to the owner's catalogue: on success the list is read again and the server's message shown; a refusal shows
// the server's own words.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/toast/toasts.ts';
import { serverMessage } from '../../../lib/api.ts';
import { useSessionExpiry } from '../../../lib/useSessionExpiry.ts';
import { catalogueQuery } from './catalogueQuery.ts';

export function useCatalogueChange() {
  const queryClient = useQueryClient();
  const sessionExpired = useSessionExpiry();
  return useMutation({
    mutationFn: (send: () => Promise<{ message: string }>) => send(),
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: catalogueQuery.queryKey });
      toast({ title: 'Catalogue Updated', description: answer.message });
    },
    onError: (error: unknown) => {
      if (!sessionExpired(error))
        toast({
          title: 'Not Saved',
          description: serverMessage(error) ?? 'The change could not be saved. Please try again.',
          variant: 'destructive',
        });
    },
  });
}
