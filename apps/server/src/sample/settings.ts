import zlib from 'node:zlib';
import { now } from '@app/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import {
  accountHolidays,
  accounts,
  contractTemplates,
  locations,
  premiums,
  premiumTags,
  rates,
  tags,
} from '../db/schema';

/**
 * The settings pages of a hospitality company, filled: hourly wages, surcharges for Sundays, nights, holidays and
 * sommeliers, the company's own closing days, Berlin's public holidays, expenses and check-in rules, company data.
 */
export async function seedSampleSettings(tx: Tx, accountId: string, year: number): Promise<void> {
  await tx
    .update(accounts)
    .set({
      invoiceAddress: 'Bistro Central GmbH\nInvalidenstraße 12\n10115 Berlin',
      vatNumber: 'DE298765432',
      registrationNumber: 'HRB 187654 B',
      settings: sql`${accounts.settings} || ${JSON.stringify({
        locale: 'de',
        holidayRegion: 'BE',
        kmCompensationCents: 30,
        expenseMaxCents: 15000,
        expenseReceiptRequired: true,
        checkinLocationRequired: true,
        checkinRadiusMeters: 300,
        checkinMinMinutesBefore: 0,
        checkinMaxMinutesBefore: 20,
        checkinAutoCheckoutMinutes: 60,
      })}::jsonb`,
    })
    .where(eq(accounts.id, accountId));

  // Budgets of the plannings run by their own managers (Headquarter is booked centrally).
  await tx
    .update(locations)
    .set({ budgetCents: 1_800_000, projectCode: 'CAF-01' })
    .where(and(eq(locations.accountId, accountId), eq(locations.name, 'Café am Markt')));
  await tx
    .update(locations)
    .set({ budgetCents: 4_500_000, projectCode: 'CAT-HAFEN' })
    .where(and(eq(locations.accountId, accountId), eq(locations.name, 'Catering Hafen')));

  await tx.insert(rates).values(
    [
      { name: 'Minimum wage', hourlyCents: 1282, factor: 121 },
      { name: 'Kitchen assistant', hourlyCents: 1400, factor: 121 },
      { name: 'Cook', hourlyCents: 1750, factor: 121 },
      { name: 'Service', hourlyCents: 1450, factor: 121 },
      { name: 'Shift lead', hourlyCents: 1950, factor: 121 },
      { name: 'Mini-job', hourlyCents: 1282, factor: 131 },
    ].map((r) => ({ ...r, accountId })),
  );

  const created = await tx
    .insert(premiums)
    .values([
      { accountId, name: 'Sunday surcharge', percent: 50, weekdays: [7] },
      { accountId, name: 'Night surcharge', percent: 25, fromMinutes: 20 * 60, untilMinutes: 6 * 60 },
      { accountId, name: 'Public holiday surcharge', percent: 125, holidays: true },
      { accountId, name: 'Saturday evening', percent: 15, weekdays: [6], fromMinutes: 18 * 60, untilMinutes: 0 },
      { accountId, name: 'Sommelier bonus', percent: 10, active: false },
    ])
    .returning({ id: premiums.id, name: premiums.name });
  const [sommelier] = await tx
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.accountId, accountId), eq(tags.name, 'Sommelier')));
  const bonus = created.find((p) => p.name === 'Sommelier bonus');
  if (sommelier && bonus) await tx.insert(premiumTags).values({ premiumId: bonus.id, tagId: sommelier.id });

  await tx.insert(accountHolidays).values(
    [
      { date: `${year}-07-06`, name: 'Staff summer party (closed)' },
      { date: `${year}-12-24`, name: 'Christmas Eve (closed from 14:00)' },
      { date: `${year}-12-31`, name: 'New Year’s Eve gala' },
    ].map((h) => ({ ...h, accountId })),
  );

  for (const [name, fileName, title] of [
    ['Full-time (40 h)', 'full-time-contract.docx', 'Employment contract – full time'],
    ['Part-time', 'part-time-contract.docx', 'Employment contract – part time'],
    ['Mini-job', 'mini-job-contract.docx', 'Employment contract – marginal employment (mini-job)'],
  ]) {
    const content = wordDocument(title);
    await tx.insert(contractTemplates).values({
      accountId,
      name,
      fileName,
      format: 'docx',
      size: content.length,
      content,
      createdAt: now(),
    });
  }
}

/** A zip of stored (uncompressed) entries. */
export function zip(entries: [string, string][]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of entries) {
    const data = Buffer.from(text);
    const file = Buffer.from(name);
    const crc = zlib.crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(file.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(file.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, file, data);
    centrals.push(central, file);
    offset += 30 + file.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The smallest Word document that opens: a title and the fields a contract is filled with. */
function wordDocument(title: string): Buffer {
  const paragraph = (text: string) => `<w:p><w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;
  const body = [
    title,
    'Between Bistro Central GmbH, Invalidenstraße 12, 10115 Berlin (employer)',
    'and {fname} {lname}, {address}, {zip} {city} (employee).',
    '§ 1 Start: {contract_start}. § 2 Working hours: {contract_hours} hours per week.',
    '§ 3 Pay: {rate} gross per hour. § 4 Vacation: {vacation_days} days per year.',
  ]
    .map(paragraph)
    .join('');
  return zip([
    [
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ],
    [
      '_rels/.rels',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ],
    [
      'word/document.xml',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
    ],
  ]);
}
