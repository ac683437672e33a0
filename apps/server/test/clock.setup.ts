import { clockFrom, setClock } from '@app/domain';

/**
 * Every test file runs on a clock that starts at a chosen instant, never at the real "now": a Monday morning in
 * Europe/Berlin by default (the day the sample once had no past days), or `TEST_NOW` (any ISO instant) to run the
 * whole suite on another day, e.g. `TEST_NOW=2027-03-28T23:30:00+02:00 npm run test:unit`.
 */
export const DEFAULT_TEST_NOW = '2026-11-23T08:00:00+01:00';

setClock(clockFrom(process.env.TEST_NOW || DEFAULT_TEST_NOW));
