/** Fixed inputs of the generated data: change SEED and every figure changes, keep it and every run is identical. */
export const SEED = 20_261_122;

/** The first and last fiscal years of the demo data, by the calendar year they start in (2016/17 … 2025/26). */
export const FIRST_DEMO_YEAR = 2016;
export const LAST_YEAR = 2025;
