import { isMobileHost, type ViewportClass, viewportClass } from '@app/domain';
import { useEffect, useState } from 'react';

export { NARROW_LAYOUT, useNarrowLayout } from '../ui/useNarrowLayout';

const CLASSES: ViewportClass[] = [
  'phone-portrait',
  'phone-landscape',
  'tablet-portrait',
  'tablet-landscape',
  'desktop',
];

function currentClass(): ViewportClass {
  return viewportClass(window.innerWidth);
}

/** The viewport class of the window, kept up to date on resize. */
export function useViewportClass(): ViewportClass {
  const [cls, setCls] = useState(currentClass);
  useEffect(() => {
    const onResize = () => setCls(currentClass());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return cls;
}

/** Puts the viewport class on <body> so styles can follow it. */
export function useBodyViewportClass() {
  const cls = useViewportClass();
  useEffect(() => {
    document.body.classList.remove(...CLASSES);
    document.body.classList.add(cls);
  }, [cls]);
}

/** Desktop: a wide window on the regular (not the mobile) host. */
export function useIsDesktop(): boolean {
  return useViewportClass() === 'desktop' && !isMobileHost(window.location.hostname);
}
