import { z } from 'zod';
import { id } from './admin-common';
import {
  participantChangeActions,
  refundPolicies,
  type ParticipantChangeAction,
  type RefundPolicy,
} from './changes';
import { parseFestivalDateTime } from './festival-time';

/*
 * The organisers' side of participants' own changes (docs/own-changes.md): the rules per item and the
 * "Changes" list with its undo.
 */

/** The items that carry rules, as the console names them. */
export const ruleEntities = ['event', 'merchandise_product', 'accommodation_type'] as const;
export type RuleEntity = (typeof ruleEntities)[number];

/** An optional date-time typed in the console ('' or null: none), answered as an ISO instant or null. */
const optionalMoment = (what: string) =>
  z
    .union([z.literal(''), z.null(), z.string(`${what} must be a date and time.`).trim()])
    .transform((v, ctx): string | null => {
      if (v === null || v === '') return null;
      const when = parseFestivalDateTime(v);
      if (!when) {
        ctx.addIssue({ code: 'custom', message: `${what} must be a real date and time.` });
        return z.NEVER;
      }
      return when.toISOString();
    });

/** PUT /api/admin/change-rules: one item's whole rules. */
export const changeRulesSchema = z
  .object({
    entity: z.enum(ruleEntities, 'Choose an event, a T-shirt or a stay type.'),
    id: id('item'),
    changesFreezeAt: optionalMoment('The deadline for changes'),
    refundPolicy: z.enum(refundPolicies, 'Choose a refund policy.'),
    refundPercent: z
      .union([z.literal(''), z.null(), z.coerce.number('The share refunded must be a number.')])
      .transform((v) => (v === '' || v === null ? null : v)),
    refundUntil: optionalMoment('The refund deadline'),
  })
  .superRefine((v, ctx) => {
    if (v.refundPolicy !== 'percent') return;
    if (
      v.refundPercent === null ||
      !Number.isInteger(v.refundPercent) ||
      v.refundPercent < 1 ||
      v.refundPercent > 100
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['refundPercent'],
        message: 'The share refunded must be a whole number from 1 to 100.',
      });
    }
  })
  .transform((v) => ({
    ...v,
    // Only a share has a percentage and a deadline; the other policies clear them.
    refundPercent: v.refundPolicy === 'percent' ? v.refundPercent : null,
    refundUntil: v.refundPolicy === 'percent' ? v.refundUntil : null,
  }));
export type ChangeRulesInput = z.input<typeof changeRulesSchema>;
export type ChangeRulesValues = z.output<typeof changeRulesSchema>;

/** One item's rules as the console lists them, with the freeze that applies when none is set. */
export interface AdminChangeRules {
  entity: RuleEntity;
  id: number;
  name: string;
  changesFreezeAt: string | null;
  /** The freeze in force: the organisers' own, else the default for this item (ISO). */
  effectiveFreezeAt: string;
  refundPolicy: RefundPolicy;
  refundPercent: number | null;
  refundUntil: string | null;
}

/** GET /admin/changes and /api/admin/changes: the filters. */
export const changesFilterSchema = z.object({
  action: z.enum(participantChangeActions, 'Choose a kind of change.').optional().catch(undefined),
  /** Part of the participant's e-mail or name, or of the change's summary. */
  q: z.string().trim().max(100, 'The search is too long.').optional(),
  /** 'live' (not undone), 'undone', or either. */
  state: z.enum(['live', 'undone']).optional().catch(undefined),
});
export type ChangesFilter = z.output<typeof changesFilterSchema>;

export interface AdminChange {
  id: string;
  action: ParticipantChangeAction;
  entity: string;
  entityId: string;
  summary: string;
  refundPaise: number;
  userEmail: string;
  userName: string;
  createdAt: string;
  undoneAt: string | null;
  undoneByEmail: string | null;
}
