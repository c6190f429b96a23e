// Which role the signed-in account acts in (GET /api/admin/me). An auditor reads every admin screen and changes
// nothing, so the screens show their write controls to owners only; the server refuses an auditor's writes anyway.
// Kept in a folder of its own, out of the chunk every screen starts with: the admin's API and its sign-in messages load
// with the admin's screens, never with the landing page.
import { useSuspenseQuery } from '@tanstack/react-query';
import { adminApi } from '#contracts/admin/api.ts';
import { queryFor } from '../api.ts';

export const meQuery = { ...queryFor(adminApi.me), staleTime: 5 * 60_000, retry: false };

/** True when the session is an owner's; false for an auditor. (The admin pages' guard has fetched it already.) */
export function useCanChange(): boolean {
  return useSuspenseQuery(meQuery).data.role === 'owner';
}
