// An export's proof of posting (decision 097): the owner records the reference of the certificate of posting or the
// collection manifest on the order, with who and when. A tracked shipment proves an export by itself; this is for a
// parcel whose proof is the Post Office's or Royal Mail's paper.
import type { OrderEvent, ProofOfPostingRecorded } from '../../contracts/orders/events.ts';
import { conflict, notFound } from '../../contracts/shared/errors.ts';
import { exportEvidenceMessages } from '../../contracts/vat/exports.ts';
import type { Decider } from '../commands.ts';

export type ExportProofState =
  { placed: false } | { placed: true; orderNumber: string; exported: boolean; reference: string | null };

export type RecordProofOfPosting = {
  type: 'RecordProofOfPosting';
  orderId: string;
  reference: string;
  by: string;
  at: string;
};

export const proofOfPostingMessages = {
  notFound: (orderId: string) => `Order ${orderId} not found`,
  already: (reference: string) =>
    `A proof-of-posting reference is already recorded for this order (${reference}); it is its proof of export.`,
} as const;

export const proofOfPostingDecider: Decider<ExportProofState, RecordProofOfPosting, OrderEvent> = {
  initialState: () => ({ placed: false }),
  evolve: (state, event) => {
    if (event.type === 'OrderPlaced')
      return {
        placed: true,
        orderNumber: event.data.orderNumber,
        exported: event.data.vat?.export !== undefined,
        reference: null,
      };
    if (event.type === 'ProofOfPostingRecorded' && state.placed && state.reference === null)
      return { ...state, reference: event.data.reference };
    return state;
  },
  decide: (command, state): ProofOfPostingRecorded[] => {
    if (!state.placed) throw notFound(proofOfPostingMessages.notFound(command.orderId));
    if (!state.exported) throw conflict(exportEvidenceMessages.notExport);
    // The same reference again records nothing more; another would leave two proofs for one parcel.
    if (state.reference !== null) {
      if (state.reference === command.reference) return [];
      throw conflict(proofOfPostingMessages.already(state.reference));
    }
    const { orderId, reference, by, at } = command;
    return [{ type: 'ProofOfPostingRecorded', data: { orderId, reference, by, at } }];
  },
};
