/**
 * Availability's access rules live beside its other rules (`../roster/availability.ts`: `availabilityEditLevel`,
 * `mayReadAvailability`, `mayUseVacationStatus`, `mayReplaceEntry`); the account's availability settings follow
 * the settings rule.
 */
export {
  availabilityEditLevel,
  mayReadAvailability,
  mayReplaceEntry,
  mayUseVacationStatus,
} from '../roster/availability';
export { mayManageSettings as mayChangeAvailabilitySettings } from './accounts';
