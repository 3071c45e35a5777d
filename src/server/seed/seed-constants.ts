/** Fixed inputs of the generated data: change SEED and every figure changes, keep it and every run is identical. */
export const SEED = 20_261_122;

/** The year the generated figures' trends are measured from (growth, wages and fees compound from it). */
export const TREND_BASE_YEAR = 2016;

/**
 * The last fiscal year of the large benchmark data set, by the calendar year it starts in (it stays on fixed years,
 * so benchmarks compare like with like; the demo's years follow the day it is seeded, demo-story.ts).
 */
export const LAST_YEAR = 2025;
