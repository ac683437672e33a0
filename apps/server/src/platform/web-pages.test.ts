import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';

let t: TestApp;
let webDist: string;
const SCRIPT = `console.log(${JSON.stringify('a rather long line of the app. '.repeat(100))});`;

beforeAll(async () => {
  // A built web app: the page, one asset with its brotli copy, and the preload map the build writes.
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-pages-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><title>x</title></head><body><script type="module" src="/assets/index-AbC12_x9.js"></script></body></html>',
  );
  fs.writeFileSync(path.join(webDist, 'assets', 'index-AbC12_x9.js'), SCRIPT);
  fs.writeFileSync(path.join(webDist, 'assets', 'index-AbC12_x9.js.br'), brotliCompressSync(SCRIPT));
  fs.writeFileSync(
    path.join(webDist, 'preload.json'),
    JSON.stringify({
      pages: { roster: { scripts: ['/assets/RosterPage-AbC12_x9.js'], styles: ['/assets/RosterPage-AbC12_x9.css'] } },
      catalogs: { en: ['/assets/en-AbC12_x9.js'], de: ['/assets/de-AbC12_x9.js'] },
      laterCatalogs: { en: ['/assets/later-en-AbC12_x9.js'], de: ['/assets/later-de-AbC12_x9.js'] },
      firstCatalogOnly: ['roster', 'rosterLocation'],
      signedIn: ['/assets/initSchema-AbC12_x9.js'],
      boot: ['/assets/boot-AbC12_x9.js', '/assets/period-AbC12_x9.js'],
    }),
  );
  t = await createTestApp({ sample: false, config: { webDist } });
});
afterAll(async () => {
  await t.dispose();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const page = async (url: string) => (await t.app.inject({ method: 'GET', url })).body;

describe("the web app's pages", () => {
  it("name the page's chunks, styles and the language's catalog as preloads in the head", async () => {
    const html = await page('/en/roster');
    expect(html).toContain(
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/en-AbC12_x9.js"><link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/initSchema-AbC12_x9.js"><link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/RosterPage-AbC12_x9.js"><link rel="preload" as="style" crossorigin fetchpriority="low" href="/assets/RosterPage-AbC12_x9.css"></head>',
    );
    // The German address of the same page: the German catalog.
    const german = await page('/de/dienstplan?period=week');
    expect(german).toContain('href="/assets/de-AbC12_x9.js"');
    expect(german).toContain('href="/assets/RosterPage-AbC12_x9.js"');
    expect(german).not.toContain('en-AbC12_x9');
    // The roster renders with the catalog's first part: the rest is not named.
    expect(german).not.toContain('later-de');
  });

  it('name only the catalog for a page without chunks of its own, and nothing outside every route', async () => {
    const today = await page('/en/today');
    expect(today).toContain('href="/assets/en-AbC12_x9.js"');
    // Any other page says more than the first part holds: the rest is named too.
    expect(today).toContain('href="/assets/later-en-AbC12_x9.js"');
    expect(today).not.toContain('RosterPage');
    for (const url of ['/', '/en', '/en/no-such-page']) expect(await page(url)).not.toContain('modulepreload');
    // A page one visits signed out does not ask who is signed in before its own code runs.
    expect(await page('/en/login')).not.toContain('initSchema');
  });

  it("run the early reads' script before the app's on signed-in pages, told what to read and in which language", async () => {
    const roster = await page('/de/dienstplan');
    const early =
      '<meta name="early-reads" data-lang="de" data-roster><link rel="modulepreload" crossorigin href="/assets/period-AbC12_x9.js"><script type="module" async crossorigin src="/assets/boot-AbC12_x9.js"></script>';
    expect(roster).toContain(early);
    expect(roster.indexOf(early)).toBeLessThan(roster.indexOf('src="/assets/index-AbC12_x9.js"'));
    // Another signed-in page asks only who is signed in; the roster with its location in the address starts its
    // read from its route's loader.
    const today = await page('/en/today');
    expect(today).toContain('<meta name="early-reads" data-lang="en">');
    expect(await page('/en/roster/abc/2027-01-04?period=week')).not.toContain('data-roster');
    // Signed-out pages ask nothing early.
    for (const url of ['/en/login', '/', '/en/no-such-page']) expect(await page(url)).not.toContain('early-reads');
  });

  it("send an asset's brotli copy to a browser that takes it, the file itself to one that does not", async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/index-AbC12_x9.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    const plain = await t.app.inject({
      method: 'GET',
      url: '/assets/index-AbC12_x9.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });
});
