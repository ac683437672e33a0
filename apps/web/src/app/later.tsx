import { type ComponentType, lazy, Suspense } from 'react';
import { afterFirstContent } from './firstContent';

/**
 * A widget loaded after the page has shown its first content (firstContent.ts): one not needed for the first screen
 * (the shell's help and bell, the roster's offers), so its code (and the Mantine components, schemas and styles only
 * it uses) stays out of what a page loads first (docs/architecture.md, "The web app's shell"; `npm run bench:shell`),
 * and its code and calls wait for the page's own. Until it has loaded it renders nothing.
 */
export function later<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = lazy(async () => {
    await afterFirstContent();
    return { default: await load() };
  });
  return (props: P) => (
    <Suspense fallback={null}>
      <Lazy {...props} />
    </Suspense>
  );
}
