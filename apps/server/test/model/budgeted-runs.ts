/**
 * The runs of one seed of a model, kept within a wall-time budget: a run starts only while the
 * budget lasts (the first always), and after a failure only while the shrinking budget lasts. The
 * budget is kept by not starting runs, never by fast-check's interruption: an interrupted run goes
 * on in the background on the shared world, moving its clock and running its jobs under the next
 * seed's runs. What the runs reached is counted, to be printed with the seed: a model that never
 * gets far checks little.
 */
export function budgetedRuns(budget: { runsMs: number; shrinkingMs: number }) {
  const reached = new Map<string, number>();
  let stepsRun = 0;
  let runsStarted = 0;
  let failedAt: number | null = null;
  const started = Date.now();
  const mayStart = () =>
    runsStarted === 0 ||
    Date.now() < (failedAt === null ? started + budget.runsMs : failedAt + budget.shrinkingMs);

  return {
    /** Starts a journey, drives it and notes where it ended (`endOf`), unless the budget is spent. */
    async run<TJourney extends { step: number }>(
      start: () => Promise<TJourney>,
      drive: (journey: TJourney) => Promise<void>,
      endOf: (journey: TJourney) => Promise<string>,
    ): Promise<void> {
      if (!mayStart()) return;
      runsStarted += 1;
      const journey = await start();
      try {
        await drive(journey);
      } catch (error) {
        failedAt ??= Date.now();
        throw error;
      } finally {
        const end = await endOf(journey);
        reached.set(end, (reached.get(end) ?? 0) + 1);
        stepsRun += journey.step;
      }
    },
    summary: () =>
      `${runsStarted} runs, ${stepsRun} steps, reached ${JSON.stringify(Object.fromEntries(reached))}`,
  };
}
