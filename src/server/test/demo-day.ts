import { middayInBc } from '../../shared/term-calendar.ts';

/**
 * The B.C. day tests seed the demo as of, so its story does not move with the calendar: the same day the browser
 * tests' server is pinned to (DEMO_TODAY in playwright.config.ts). On it the demo holds 2016/17 to 2025/26; the Fall
 * term of 2025/26 is due next, its Summer term is past due, and the Spring term has not started.
 */
export const DEMO_TEST_DAY = '2025-12-15';
export const demoTestNow = (): Date => middayInBc(DEMO_TEST_DAY);
