/** Below the layout's `sm` breakpoint the navigation is a drawer and carries the header's extras. */
export const NARROW_LAYOUT = '(max-width: 47.99em)';
