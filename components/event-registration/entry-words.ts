import type { ParticipationOption } from '@/lib/content-types';

/*
 * The words of the registration steps for a team and for one person alone. An option for one person
 * (max_range 1) is an entry, not a team: "Step 1 of 2: Your entry", "Verify", no "team leader". The team
 * words keep SPEC.md's own strings: the button 'Verify Team' (part 4) and the success toast 'All users
 * are eligible to register in {event name}' (part 8, "Team verification success").
 */

export interface EntryWords {
  /** Step 1's heading. */
  stepHeading: string;
  /** Step 1's hint before an option is chosen. */
  chooseFirst: string;
  /** The legend over the people taking part. */
  peopleLegend: string;
  /** The label of the signed-in user's own (read-only) e-mail field. */
  ownEmailLabel: string;
  verifyButton: string;
  /** The button while the server checks. */
  verifyingButton: string;
  /** The toast once the server says everyone may register. */
  eligible: (eventName: string) => string;
  /** The toast once the server says a full option's waiting list may be joined. */
  mayJoinList: (optionName: string) => string;
  /** What choosing a full option leads to. */
  fullOption: (optionName: string) => string;
  /** Step 2's heading over the verified people. */
  verifiedHeading: string;
  /** Whether step 2 marks the leader (meaningless alone). */
  marksLeader: boolean;
  /** Step 2's way back to step 1. */
  backButton: string;
}

const teamWords: EntryWords = {
  stepHeading: 'Step 1 of 2: Your team',
  chooseFirst: 'Choose how you are taking part to set up your team.',
  peopleLegend: 'Team members',
  ownEmailLabel: 'Member 1 (you, team leader)',
  verifyButton: 'Verify Team',
  verifyingButton: 'Verifying your team…',
  eligible: (eventName) => `All users are eligible to register in ${eventName}`,
  mayJoinList: (optionName) => `Your team can join the waiting list for ${optionName}`,
  fullOption: (optionName) => `${optionName} is full. Verify your team, then join its waiting list`,
  verifiedHeading: 'Verified members',
  marksLeader: true,
  backButton: 'Back to team',
};

const soloWords: EntryWords = {
  stepHeading: 'Step 1 of 2: Your entry',
  chooseFirst: 'Choose how you are taking part to set up your entry.',
  peopleLegend: 'Taking part',
  ownEmailLabel: 'Your email',
  verifyButton: 'Verify',
  verifyingButton: 'Verifying your account…',
  eligible: (eventName) => `You are eligible to register in ${eventName}`,
  mayJoinList: (optionName) => `You can join the waiting list for ${optionName}`,
  fullOption: (optionName) => `${optionName} is full. Verify your account, then join its waiting list`,
  verifiedHeading: 'Your verified account',
  marksLeader: false,
  backButton: 'Back to your entry',
};

/** Whether an option is for one person only. */
export const isSoloOption = (option: Pick<ParticipationOption, 'max_range'>) => option.max_range <= 1;

/**
 * The words for the chosen option; before one is chosen, solo words only when every option is solo (an
 * event of one-person entries never speaks of a team), else the team words.
 */
export function entryWords(
  chosen: Pick<ParticipationOption, 'max_range'> | null,
  options: readonly Pick<ParticipationOption, 'max_range'>[] = [],
): EntryWords {
  if (chosen) return isSoloOption(chosen) ? soloWords : teamWords;
  return options.length > 0 && options.every(isSoloOption) ? soloWords : teamWords;
}
