/**
 * The picture of someone without one: their initials on a colour of their own, drawn here as SVG, so no request
 * ever leaves the server for an avatar service. Dark letters on a pale ground (WCAG AA), the same pairs the web's
 * initials use (Mantine's shade 9 on shade 1).
 */
const PALETTE: readonly [string, string][] = [
  ['#1864ab', '#d0ebff'], // blue
  ['#862e9c', '#f3d9fa'], // grape
  ['#364fc7', '#dbe4ff'], // indigo
  ['#0b7285', '#c5f6fa'], // cyan
  ['#5f3dc4', '#e5dbff'], // violet
  ['#c92a2a', '#ffe3e3'], // red
  ['#a61e4d', '#ffdeeb'], // pink
];

/** The same colour for the same name on every visit, in the web and here. */
export function colourIndex(name: string): number {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return hash % PALETTE.length;
}

/** Up to two letters: the first of the first and of the last name, or of the e-mail when there is no name. */
export function initialsOf(fname: string, lname: string, email = ''): string {
  const first = (s: string) => [...s.trim()][0] ?? '';
  const letters = first(fname) + first(lname);
  return (letters || first(email) || '?').toLocaleUpperCase();
}

const escapeXml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

export function initialsSvg(fname: string, lname: string, email = ''): string {
  const name = `${fname} ${lname}`.trim() || '?';
  const [fg, bg] = PALETTE[colourIndex(name)];
  const text = escapeXml(initialsOf(fname, lname, email));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">` +
    `<rect width="128" height="128" fill="${bg}"/>` +
    `<text x="64" y="64" dy=".35em" text-anchor="middle" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif" font-size="52" font-weight="600" fill="${fg}">${text}</text>` +
    `</svg>`
  );
}
