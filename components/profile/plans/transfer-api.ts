import { api } from '@/lib/api-client';
import type { MyTransfers, TransferableKind, TransferOutcome } from '@/lib/schemas/transfers';

/** The transfer calls of docs/own-changes.md, typed for the profile. */

export function fetchTransfers(signal?: AbortSignal) {
  return api.get<MyTransfers>('/api/my-plans/transfers', { signal });
}

export function offerTransfer(kind: TransferableKind, id: string, email: string) {
  return api.post<TransferOutcome>('/api/my-plans/transfer', { kind, id, email });
}

export function withdrawTransfer(offerId: string) {
  return api.post<TransferOutcome>('/api/my-plans/transfer/withdraw', { offerId });
}

export function acceptTransfer(offerId: string, identityUploadId?: string) {
  return api.post<TransferOutcome>('/api/my-plans/transfer/accept', {
    offerId,
    ...(identityUploadId ? { identityUploadId } : {}),
  });
}

export function declineTransfer(offerId: string) {
  return api.post<TransferOutcome>('/api/my-plans/transfer/decline', { offerId });
}

/** The upload's id in the private URL the upload answers (`/api/uploads/{id}`), as the accept call takes it. */
export function uploadIdOf(url: string): string | undefined {
  return /\/api\/uploads\/([0-9a-f-]{36})$/i.exec(url)?.[1];
}
