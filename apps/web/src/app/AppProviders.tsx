import {
  type CSSVariablesResolver,
  createTheme,
  defaultVariantColorsResolver,
  MantineProvider,
  Notification,
  parseThemeColor,
  type VariantColorsResolver,
} from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import i18n from '../i18n';
import { handleApiError } from './apiErrors';
import { queryClient, routeQueryErrors } from './queryClient';

routeQueryErrors(handleApiError);

/** Light, subtle and outline variants write their text in shade 9, which keeps it above 4.5:1 contrast. */
const TEXT_VARIANTS = new Set(['light', 'subtle', 'outline']);
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (!input.variant || !TEXT_VARIANTS.has(input.variant)) return colors;
  const parsed = parseThemeColor({ color: input.color || input.theme.primaryColor, theme: input.theme });
  return parsed.isThemeColor ? { ...colors, color: `var(--mantine-color-${parsed.color}-9)` } : colors;
};

/**
 * Dimmed text in gray 7: gray 6 (Mantine's default) is 3.3:1 on white, below WCAG AA. Placeholders too: an empty
 * date picker writes its placeholder as text (gray 5, 2.1:1).
 */
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
    // A field's error in red 9: red 6 (Mantine's default) is 3.3:1 on white.
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    // Light variants outside the resolver (the menu's active NavLink) also write in shade 9: shade 8 is 4.4:1.
    '--mantine-primary-color-light-color': 'var(--mantine-color-blue-9)',
    '--mantine-color-blue-light-color': 'var(--mantine-color-blue-9)',
  },
  dark: {},
});

const theme = createTheme({
  variantColorResolver,
  primaryColor: 'blue',
  // Shade 8 keeps white-on-blue and blue-on-white text above the 4.5:1 contrast of WCAG AA (shade 6 is 3.5:1).
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  components: {
    // Under a title Mantine writes the message in gray 6 (3.3:1 on white); gray 7 keeps it above 4.5:1.
    Notification: Notification.extend({
      styles: (_theme, props) => (props.title ? { description: { color: 'var(--mantine-color-gray-7)' } } : {}),
    }),
  },
});

/** Theme, translations, data cache, modals and notifications around the whole app. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <QueryClientProvider client={queryClient}>
          <ModalsProvider>
            <Notifications position="top-right" limit={5} />
            {children}
          </ModalsProvider>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
