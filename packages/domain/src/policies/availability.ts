/**
 * Availability's access rules live beside its other rules (`../roster/availability.ts`: `availabilityEditLevel`,
 * `availabilityEditScope`, `availabilityAbilitiesOf` and `availabilityDayRefusal` per date, `mayReadAvailability`,
 * `mayUseVacationStatus`, `mayReplaceEntry`); the account's availability settings follow the settings rule.
 */
export {
  availabilityAbilitiesOf,
  availabilityDayRefusal,
  availabilityEditLevel,
  availabilityEditScope,
  mayReadAvailability,
  mayReplaceEntry,
  mayUseVacationStatus,
} from '../roster/availability';
export { mayManageSettings as mayChangeAvailabilitySettings } from './accounts';
