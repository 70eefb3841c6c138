import type { ParticipationOption } from '@/lib/content-types';

/**
 * The team being put together on the registration form, free of React: which option, the teammates'
 * e-mails (the leader is the signed-in user and is not listed here) and the team name. SPEC.md part 4.
 */
export interface TeammateRow {
  /** Stable identity for React keys and focus, independent of the position. */
  key: number;
  email: string;
}

export interface TeamDraft {
  optionId: number | null;
  teammates: TeammateRow[];
  teamName: string;
}

/** What was sent for verification, kept for the confirmation step. */
export interface TeamSubmission {
  option: ParticipationOption;
  /** Leader first. */
  emails: string[];
  teamName: string | null;
}

let nextKey = 1;
function newRow(): TeammateRow {
  nextKey += 1;
  return { key: nextKey, email: '' };
}

export const needsTeamName = (option: ParticipationOption) => option.min_range !== option.max_range;

/** Choosing an option starts the team with (min_range - 1) empty teammate slots. */
export function chooseOption(draft: TeamDraft, option: ParticipationOption): TeamDraft {
  if (draft.optionId === option.id) return draft;
  const slots = Math.max(0, option.min_range - 1);
  return { ...draft, optionId: option.id, teammates: Array.from({ length: slots }, newRow) };
}

/**
 * The starting draft: the option the link named (a card's "Join the waiting list") chosen already, else
 * an event's single option (a full one too: choosing it leads to its waiting list).
 */
export function initialDraft(
  options: readonly ParticipationOption[],
  optionId: number | null = null,
): TeamDraft {
  const empty: TeamDraft = { optionId: null, teammates: [], teamName: '' };
  const named = options.find((o) => o.id === optionId);
  if (named) return chooseOption(empty, named);
  return options.length === 1 && options[0] ? chooseOption(empty, options[0]) : empty;
}

/**
 * The draft of a waiting list's offer: its option chosen and its team as the leader entered it when
 * joining (emails leader first, so the teammates are the rest), at least the option's smallest team.
 */
export function draftFromOffer(
  option: ParticipationOption,
  entry: { emails: readonly string[]; teamName: string | null },
  leaderEmail: string,
): TeamDraft {
  const lead = leaderEmail.trim().toLowerCase();
  const rest = entry.emails.filter((email, index) => !(index === 0 && email.toLowerCase() === lead));
  const teammates = rest.slice(0, Math.max(0, option.max_range - 1)).map((email) => ({ ...newRow(), email }));
  while (teammates.length < option.min_range - 1) teammates.push(newRow());
  return { optionId: option.id, teammates, teamName: entry.teamName ?? '' };
}

/** Teammates may be added while the whole team (teammates plus leader) is below max_range. */
export const canAddTeammate = (draft: TeamDraft, option: ParticipationOption) =>
  draft.teammates.length + 1 < option.max_range;

/** A teammate may be removed while there are more teammates than min_range - 1. */
export const canRemoveTeammate = (draft: TeamDraft, option: ParticipationOption) =>
  draft.teammates.length > option.min_range - 1;

export function addTeammate(draft: TeamDraft): TeamDraft {
  return { ...draft, teammates: [...draft.teammates, newRow()] };
}

export function removeTeammate(draft: TeamDraft, key: number): TeamDraft {
  return { ...draft, teammates: draft.teammates.filter((row) => row.key !== key) };
}

export function setTeammateEmail(draft: TeamDraft, key: number, email: string): TeamDraft {
  return { ...draft, teammates: draft.teammates.map((row) => (row.key === key ? { ...row, email } : row)) };
}

export function toSubmission(
  draft: TeamDraft,
  option: ParticipationOption,
  leaderEmail: string,
): TeamSubmission {
  return {
    option,
    emails: [leaderEmail, ...draft.teammates.map((row) => row.email.trim())],
    teamName: needsTeamName(option) ? draft.teamName.trim() : null,
  };
}

/** 'Solo' / '2 members' / '3 to 5 members': the team size an option allows. */
export function teamSizeLabel(option: ParticipationOption): string {
  if (option.max_range <= 1) return 'individual';
  if (option.min_range === option.max_range) return `${option.min_range} members`;
  return `${option.min_range} to ${option.max_range} members`;
}
