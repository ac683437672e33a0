import { useId } from 'react';

/**
 * Ids for a Mantine date picker (DatePickerInput, DateInput) so its dropdown, a dialog, is named after its field:
 * Mantine names the dropdown by the popover's target id, which the picker's own input id replaces, so the dialog
 * had no name (axe: aria-dialog-name). Spread `id` on the picker and `popoverId` into its `popoverProps`.
 */
export function usePickerIds() {
  const base = useId();
  return { id: `${base}-target`, popoverId: base };
}
