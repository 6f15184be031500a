/** The statements pg-boss 10 runs, by name (its `src/plans.js`, which ships without types). */
declare module 'pg-boss/src/plans.js' {
  const plans: {
    completeJobs(schema: string): string;
    failJobsById(schema: string): string;
  };
  export default plans;
}
