import 'react';

declare module 'react' {
  interface HTMLAttributes<T> {
    /** Element Timing: the browser reports when this element's content was first painted (a PerformanceObserver). */
    elementtiming?: string;
  }
}
