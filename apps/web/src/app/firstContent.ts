import { useEffect, useLayoutEffect, useState } from 'react';

/**
 * The page's first content, the moment the shell's widgets (help, bell, badges, bars, tour) wait for, so their code
 * and calls do not compete with the page's own on a slow phone (docs/product/app.md, "First load"). A page whose
 * first content is data holds the moment until that data has painted (`useFirstContent`); any other page's content
 * is there once it has mounted (`usePageMounted`, in the page outlet).
 */

/** However long the page takes, the widgets load after this long. */
const LONGEST_WAIT_MS = 8000;

const holds = new Set<symbol>();
let mounted = false;
let shown = false;
const waiting: (() => void)[] = [];

/** Runs `then` after the next frame has painted. */
function afterPaint(then: () => void) {
  requestAnimationFrame(() => setTimeout(then, 0));
}

function show() {
  if (shown) return;
  shown = true;
  for (const resolve of waiting.splice(0)) resolve();
}

/** Shows once the page has mounted and nothing holds the moment, still so after a frame. */
function settle() {
  if (!mounted || holds.size > 0) return;
  afterPaint(() => {
    if (holds.size === 0) show();
  });
}

/** Resolves once the page's first content has painted (or after `LONGEST_WAIT_MS`). */
export function afterFirstContent(): Promise<void> {
  if (shown) return Promise.resolve();
  return new Promise((resolve) => {
    waiting.push(resolve);
    setTimeout(show, LONGEST_WAIT_MS);
  });
}

/** Whether the page's first content has painted: for reads that need not compete with the page's own. */
export function useFirstContentShown(): boolean {
  const [done, setDone] = useState(shown);
  useEffect(() => {
    if (done) return;
    let live = true;
    void afterFirstContent().then(() => live && setDone(true));
    return () => {
      live = false;
    };
  }, [done]);
  return done;
}

/** The page outlet has mounted its page (a page holding the moment has registered its hold before). */
export function usePageMounted() {
  useEffect(() => {
    if (mounted) return;
    mounted = true;
    settle();
  }, []);
}

/** A page's first content is data: the moment waits until `ready` (its data rendered) has painted. */
export function useFirstContent(ready: boolean) {
  // Before the page outlet's effect (layout effects run first); released when ready, or when the page is left.
  useLayoutEffect(() => {
    if (shown || ready) return;
    const hold = Symbol('first content');
    holds.add(hold);
    return () => {
      holds.delete(hold);
      settle();
    };
  }, [ready]);
}
