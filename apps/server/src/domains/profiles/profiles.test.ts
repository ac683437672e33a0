import type { ProfileTemplate, ProfileView } from '@app/contracts';
import { DEFAULT_PROFILE_TEMPLATE } from '@app/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Agent, createTestApp, signIn, type TestApp } from '../../../test/app';
import { sampleIds } from '../../../test/sample';
import { activityLog, memberships, profileTemplates, profileValues } from '../../db/schema';

let t: TestApp;
let owner: Agent;
let manager: Agent;
let planner: Agent;
let employee: Agent;
let bistro: Awaited<ReturnType<typeof sampleIds>>;
let store: Awaited<ReturnType<typeof sampleIds>>;
let emma: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signIn(t.app, 'owner@example.com');
  manager = await signIn(t.app, 'manager@example.com');
  planner = await signIn(t.app, 'planner@example.com');
  employee = await signIn(t.app, 'employee@example.com');
  bistro = await sampleIds(t.database.db, 'Bistro Central');
  store = await sampleIds(t.database.db, 'Corner Store');
  emma = bistro.memberships['employee@example.com'];
});
afterAll(async () => t.dispose());

const profileUrl = (id: string) => `/api/memberships/${id}/profile`;
const fieldsOf = (res: { json(): unknown }) => (res.json() as { fields: Record<string, string[]> }).fields;

beforeEach(async () => {
  const db = t.database.db;
  await db.delete(profileTemplates).where(eq(profileTemplates.accountId, bistro.accountId));
  await db.delete(profileValues).where(eq(profileValues.accountId, bistro.accountId));
  await db
    .update(memberships)
    .set({ locked: false, iban: 'DE89370400440532013000', city: 'Berlin', birthday: null })
    .where(eq(memberships.id, emma));
});

describe('the profile template', () => {
  it('starts as the default and is the settings managers’ to read', async () => {
    const res = await manager.get('/api/profile-template');
    expect(res.statusCode).toBe(200);
    expect((res.json() as ProfileTemplate).sections.map((s) => s.id)).toEqual(
      DEFAULT_PROFILE_TEMPLATE.sections.map((s) => s.id),
    );
    for (const who of [planner, employee]) expect((await who.get('/api/profile-template')).statusCode).toBe(403);
  });

  it('saves a template and refuses one with ids used twice, unknown conditions or choices without options', async () => {
    const section = DEFAULT_PROFILE_TEMPLATE.sections[0];
    const bad: ProfileTemplate = {
      sections: [
        {
          ...section,
          fields: [
            section.fields[0],
            { ...section.fields[1], id: section.fields[0].id },
            { ...section.fields[2], id: 'shirt', key: null, type: 'select', options: [] },
            { ...section.fields[3], id: 'x', key: null, if: { field: 'nothing', op: 'exists' } },
            {
              ...section.fields[4],
              id: 'y',
              key: null,
              if: { field: section.fields[0].id, op: 'equal' },
              requiredIf: { field: 'y', op: 'exists', employer: true, employee: false },
            },
          ],
        },
      ],
    };
    const refused = await owner.put('/api/profile-template', bad);
    expect(refused.statusCode).toBe(422);
    expect(fieldsOf(refused)).toEqual({
      'sections.0.fields.1.id': ['validation.taken'],
      'sections.0.fields.2.options': ['profileForm.optionsNeeded'],
      'sections.0.fields.3.if.field': ['profileForm.unknownField'],
      'sections.0.fields.4.if.value': ['validation.required'],
      'sections.0.fields.4.requiredIf.field': ['profileForm.conditionOnItself'],
    });
    const good: ProfileTemplate = { sections: [{ ...section, fields: section.fields.slice(0, 2) }] };
    const saved = await owner.put('/api/profile-template', good);
    expect(saved.statusCode).toBe(200);
    expect((await manager.get('/api/profile-template')).json()).toEqual(good);
    expect((await planner.put('/api/profile-template', good)).statusCode).toBe(403);
  });
});

describe('a member’s profile', () => {
  it('is read by the member as employee and by a manager as employer; not by colleagues or other accounts', async () => {
    const own = await employee.get(profileUrl(emma));
    expect(own.statusCode).toBe(200);
    const view = own.json() as ProfileView;
    expect(view).toMatchObject({ viewer: 'employee', mayEdit: true, locked: false });
    expect(view.values).toMatchObject({
      email: 'employee@example.com',
      iban: 'DE89370400440532013000',
      city: 'Berlin',
    });
    const managed = await manager.get(profileUrl(emma));
    expect(managed.json()).toMatchObject({ viewer: 'employer', mayEdit: true });
    expect((await employee.get(profileUrl(bistro.memberships['manager@example.com']))).statusCode).toBe(403);
    expect((await planner.get(profileUrl(emma))).statusCode).toBe(403);
    const foreign = Object.values(store.memberships)[0];
    expect((await manager.get(profileUrl(foreign))).statusCode).toBe(404);
    expect((await manager.put(profileUrl(foreign), { values: { city: 'X' } })).statusCode).toBe(404);
  });

  it('saves the member’s own answers into their columns and the template’s own fields', async () => {
    const res = await employee.put(profileUrl(emma), {
      values: { city: 'Potsdam', nationality: 'pl', work_permit_expiration: '2027-01-31' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as ProfileView).values).toMatchObject({
      city: 'Potsdam',
      nationality: 'pl',
      work_permit_expiration: '2027-01-31',
    });
    const [m] = await t.database.db.select().from(memberships).where(eq(memberships.id, emma));
    expect(m.city).toBe('Potsdam');
    const [log] = await t.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.entity, 'profile'), eq(activityLog.entityId, emma)))
      .orderBy(desc(activityLog.at))
      .limit(1);
    // The log names the fields, never the values.
    expect(log.after).toEqual({ fields: ['city', 'nationality', 'work_permit_expiration'] });
  });

  it('refuses values of the wrong kind, fields that do not exist, and the name (changed where sign-in is)', async () => {
    const res = await employee.put(profileUrl(emma), {
      values: { iban: 'DE00 1234', birthday: '2001-02-30', fname: 'Emmy', shoe_size: '41' },
    });
    expect(res.statusCode).toBe(422);
    expect(fieldsOf(res)).toEqual({
      iban: ['profileForm.invalid'],
      birthday: ['profileForm.invalid'],
      fname: ['profileForm.notEditable'],
      shoe_size: ['profileForm.unknownField'],
    });
  });

  it('asks the employer for what the employer must fill, while its condition holds', async () => {
    const missing = await manager.put(profileUrl(emma), { values: { iban: '', children: true } });
    expect(missing.statusCode).toBe(422);
    expect(fieldsOf(missing)).toEqual({
      iban: ['validation.required'],
      birthday: ['validation.required'],
      children_amount: ['validation.required'],
    });
    // The member themself is asked only for what the employee must fill.
    const own = await employee.put(profileUrl(emma), { values: { children: true } });
    expect(own.statusCode, own.body).toBe(200);
    const done = await manager.put(profileUrl(emma), { values: { birthday: '1994-05-02', children_amount: 2 } });
    expect(done.statusCode, done.body).toBe(200);
  });

  it('keeps locked personal data and a birthday once set from the member', async () => {
    await t.database.db.update(memberships).set({ locked: true }).where(eq(memberships.id, emma));
    const locked = await employee.put(profileUrl(emma), { values: { city: 'Hamburg', phone: '0301234' } });
    expect(locked.statusCode).toBe(422);
    expect(fieldsOf(locked)).toEqual({ city: ['profileForm.notEditable'] });
    await t.database.db
      .update(memberships)
      .set({ locked: false, birthday: '1994-05-02' })
      .where(eq(memberships.id, emma));
    const birthday = await employee.put(profileUrl(emma), { values: { birthday: '1994-05-03' } });
    expect(fieldsOf(birthday)).toEqual({ birthday: ['profileForm.notEditable'] });
    const byManager = await manager.put(profileUrl(emma), { values: { birthday: '1994-05-03' } });
    expect(byManager.statusCode, byManager.body).toBe(200);
  });

  it('does not send the member what they may not read', async () => {
    const section = DEFAULT_PROFILE_TEMPLATE.sections[2];
    const template: ProfileTemplate = {
      sections: [
        {
          ...section,
          fields: section.fields.map((f) =>
            f.id === 'iban' ? { ...f, rights: { read: false, create: false, update: false } } : f,
          ),
        },
      ],
    };
    expect((await owner.put('/api/profile-template', template)).statusCode).toBe(200);
    const own = (await employee.get(profileUrl(emma))).json() as ProfileView;
    expect('iban' in own.values).toBe(false);
    const managed = (await manager.get(profileUrl(emma))).json() as ProfileView;
    expect(managed.values.iban).toBe('DE89370400440532013000');
    const write = await employee.put(profileUrl(emma), { values: { iban: 'DE89370400440532013000' } });
    expect(fieldsOf(write)).toEqual({ iban: ['profileForm.unknownField'] });
  });
});
