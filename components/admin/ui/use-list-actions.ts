'use client';

import { api } from '@/lib/api-client';
import { movedIds } from './reorder-buttons';
import { useConsoleWrite } from './use-console-write';

/**
 * The row actions of one console resource (`/api/admin/{resource}`): move within its list, switch a
 * flag, delete. Each answers through toasts and reloads the page's data; delete answers the refusal.
 */
export function useListActions(resource: string, what: string) {
  const { write, busy } = useConsoleWrite();
  const base = `/api/admin/${resource}`;
  return {
    busy,
    /** `body` carries what the resource's reorder names besides the ids (events: their category). */
    move(ids: readonly number[], index: number, direction: -1 | 1, body: Record<string, unknown> = {}) {
      const next = movedIds(ids, index, direction);
      if (next)
        void write(
          () => api.post(`${base}/reorder`, { ...body, ids: next }),
          'The new order could not be saved.',
        );
    },
    toggle(id: number, field: string, value: boolean) {
      void write(() => api.patch(`${base}/${id}`, { [field]: value }), `The ${what} could not be changed.`);
    },
    async remove(id: number): Promise<string | null> {
      const result = await write(() => api.delete(`${base}/${id}`), `The ${what} could not be deleted.`);
      return result.ok ? null : result.message;
    },
  };
}
