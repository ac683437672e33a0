import type { InitResponse, Location } from '@app/contracts';
import { startEarlyRead } from './app/earlyReads';
import { rosterLoadPath } from './features/roster/loadPath';
import { rosterFirstRead } from './features/roster/page/rosterStart';
import { NARROW_LAYOUT } from './ui/layoutQueries';

/**
 * The page's early reads (app/earlyReads.ts), a script of a few KiB the server names in a signed-in page's HTML
 * (apps/server/src/platform/web-pages.ts) with `<meta name="early-reads">`: it asks who is signed in at once, and on
 * /{lang}/roster the locations and then the roster's first read (only the viewer's own duties on a phone), while the
 * app's code still loads. The app takes the answers; whatever this gets wrong is simply asked again.
 */
const meta = document.querySelector<HTMLMetaElement>('meta[name="early-reads"]');
if (meta) {
  const language = meta.dataset.lang ?? 'en';
  const init = startEarlyRead('/api/app/init', language);
  if (meta.dataset.roster !== undefined) {
    const locations = startEarlyRead('/api/locations', language);
    void startRosterRead(init, locations, language).catch(() => undefined);
  }
}

async function startRosterRead(init: Promise<Response>, locations: Promise<Response>, language: string) {
  const answers = await Promise.all([init, locations]);
  if (!answers.every((a) => a.ok)) return;
  // Copies: the app reads the answers themselves.
  const [session, { locations: list }] = (await Promise.all(answers.map((a) => a.clone().json()))) as [
    InitResponse,
    { locations: Location[] },
  ];
  const search = new URLSearchParams(window.location.search);
  const read = rosterFirstRead(session, list, search, matchMedia(NARROW_LAYOUT).matches, new Date(session.app.now));
  if (read) startEarlyRead(rosterLoadPath(read.location, read.date, read.period, read.tab === 'mine'), language);
}
