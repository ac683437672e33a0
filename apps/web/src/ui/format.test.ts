import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every screen writes dates, times and durations through ui/format.ts (docs/product/app.md, "Dates and times"). This
 * test reads apps/web/src and fails on a format made by hand: an Intl date formatter or its option bag, Date's
 * toLocale*String, a dayjs pattern, or minutes glued into "h:mm".
 */

const src = fileURLToPath(new URL('..', import.meta.url));

function filesOf(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesOf(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const HAND_MADE: { name: string; pattern: RegExp }[] = [
  { name: 'an Intl date formatter', pattern: /Intl\.DateTimeFormat/ },
  { name: "Date's toLocale*String", pattern: /\.toLocale(Date|Time)?String\(/ },
  { name: 'an Intl option bag', pattern: /\b(weekday|dateStyle|timeStyle|hourCycle):\s*'/ },
  // A display pattern ("D MMM", "dddd"); ISO patterns that compute dates ("YYYY-MM-DD", "YYYY-MM-01") are data.
  { name: 'a dayjs display pattern', pattern: /\.format\(\s*'(?!YYYY-MM(-DD|-01)?')[^']*[DdMYHhm][^']*'\s*\)/ },
  { name: 'minutes glued into h:mm', pattern: /\}:\$\{String\(.*\.padStart\(2/ },
];

/** Files allowed a pattern, each with its reason. */
const EXCEPTIONS: Record<string, string> = {
  // The clock buttons of the times tab label hours "07" and minutes ":30" of a picker, not a time.
  'features/roster/toolbox/TimesPanel.tsx': 'picker buttons',
  // The 31 narrow day columns head with two letters ("Mo"), as the date pickers' weekday heads do; Intl has no
  // two-letter weekday.
  'features/availability/team/MonthGrid.tsx': 'two-letter weekday heads of a month grid',
};

describe('one date and time format per language', () => {
  it('finds no hand-made date, time or duration format in the web app', () => {
    const found: string[] = [];
    for (const file of filesOf(src)) {
      const path = relative(src, file);
      if (path === 'ui/format.ts' || EXCEPTIONS[path]) continue;
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          for (const { name, pattern } of HAND_MADE) if (pattern.test(line)) found.push(`${path}:${i + 1} ${name}`);
        });
    }
    expect(found).toEqual([]);
  });

  it('catches each kind of hand-made format', () => {
    const samples = [
      "new Intl.DateTimeFormat(lang, { month: 'long' })",
      'new Date(x).toLocaleDateString(lang)',
      "formatDate(d, locale, { weekday: 'short' })",
      "dayjs(d).locale(lang).format('D MMM')",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the sample is source text with a template literal
      "`${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}`",
    ];
    for (const s of samples) expect(HAND_MADE.some((h) => h.pattern.test(s))).toBe(true);
    expect(HAND_MADE.some((h) => h.pattern.test("dayjs(month).add(1, 'month').format('YYYY-MM-01')"))).toBe(false);
  });
});
