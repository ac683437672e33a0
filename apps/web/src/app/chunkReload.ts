const KEY = 'chunk-reload-at';

/**
 * A page's code failed to load, most likely because a new version replaced the old files: reload once to get the
 * new version. Answers false (the error then shows) when a reload just happened, so it never loops.
 */
export function reloadForNewVersion(): boolean {
  try {
    const last = Number(window.sessionStorage.getItem(KEY) ?? 0);
    if (Date.now() - last < 10_000) return false;
    window.sessionStorage.setItem(KEY, String(Date.now()));
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}
