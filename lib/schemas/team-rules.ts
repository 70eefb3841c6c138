import { basicEmailPattern } from './auth-rules';
import { isSingleLine, singleLineMessage } from './text-rules';

/**
 * The registration screen's team rules of SPEC.md part 5, free of zod so the screen can check as the
 * leader types without loading zod (the payload schemas are in ./event-registration.ts, for the server).
 */

/** Whether an address belongs to the host institute (e.g. someone@daiict.ac.in). */
export function isInstituteEmail(email: string, domain: string): boolean {
  return email.trim().toLowerCase().endsWith(`@${domain.toLowerCase()}`);
}

/**
 * The screen's team checks, in SPEC.md part 5's words. `teammates` excludes the leader; n counts from 1.
 * Errors are keyed 'teamName' or 'teammate.{index}'.
 */
export function teamFormErrors(input: {
  leaderEmail: string;
  teammates: string[];
  teamName: string;
  needsTeamName: boolean;
  instituteDomain: string;
}): Record<string, string> {
  const errors: Record<string, string> = {};
  if (input.needsTeamName && input.teamName.trim() === '') errors.teamName = 'Team name is required.';
  else if (!isSingleLine(input.teamName.trim())) errors.teamName = singleLineMessage('Team name');
  const leaderIsInstitute = isInstituteEmail(input.leaderEmail, input.instituteDomain);
  input.teammates.forEach((raw, index) => {
    const n = index + 1;
    const email = raw.trim();
    if (email === '') errors[`teammate.${index}`] = `Teammate ${n} email is required.`;
    else if (!basicEmailPattern.test(email)) errors[`teammate.${index}`] = `Teammate ${n} email is invalid.`;
    else if (leaderIsInstitute && !isInstituteEmail(email, input.instituteDomain)) {
      errors[`teammate.${index}`] = `Teammate ${n} must have a DAIICT email.`;
    }
  });
  const seen = new Set<string>();
  [input.leaderEmail, ...input.teammates].forEach((raw, position) => {
    const email = raw.trim().toLowerCase();
    if (email === '') return;
    if (seen.has(email)) {
      const key = position === 0 ? 'leader' : `teammate.${position - 1}`;
      errors[key] ??= `Duplicate email found: ${email} at position ${position + 1}`;
    }
    seen.add(email);
  });
  return errors;
}
