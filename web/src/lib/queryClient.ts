// Query defaults: data is never stale, no refetch on focus, no polling, no retries.
import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { ApiError, apiRequest } from './api.ts';

export function defaultQueryFn(on401: 'throw' | 'returnNull' = 'throw'): QueryFunction {
  return async ({ queryKey }) => {
    try {
      return await apiRequest('GET', String(queryKey[0]));
    } catch (error) {
      if (on401 === 'returnNull' && error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  };
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: defaultQueryFn('throw'),
      staleTime: Infinity,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      retry: false,
    },
    mutations: { retry: false },
  },
});
