/**
 * Whether this process is a serverless function (Vercel, Netlify, AWS Lambda): the platform starts it for
 * a request, freezes it between requests and throws it away when it likes. Nothing scheduled inside such a
 * process runs reliably (a timer fires, if ever, in the middle of some later request), so the scheduled
 * jobs come from the platform's crons instead (docs/deploy.md, "Scheduled jobs"), and whatever a
 * long-running server does in the background after its start is left out.
 */
export function runsAsFunction(environment: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(environment.VERCEL || environment.NETLIFY || environment.AWS_LAMBDA_FUNCTION_NAME);
}
