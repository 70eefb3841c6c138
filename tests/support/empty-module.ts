// Stands in for the `server-only` marker under Vitest, which is not a React server build.
export {};
