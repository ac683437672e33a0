import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, createTestApp, signIn, type TestApp } from '../../../test/app';
import { outbox, users } from '../../db/schema';
import { memberIdOf } from '../roster/testkit';

let t: TestApp;
let owner: Agent;
let hannah: string;
let paul: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signIn(t.app, 'owner@example.com');
  hannah = await memberIdOf(t.database.db, 'hannah.weber@example.com');
  paul = await memberIdOf(t.database.db, 'paul.hoffmann@example.com');
});
afterAll(async () => t.dispose());

const profileOf = async (id: string) => (await owner.get(`/api/members/${id}`)).json();
const ratesOf = async () => (await owner.get('/api/rates')).json().rates as { id: string; name: string }[];
const templatesOf = async () =>
  (await owner.get('/api/contract-templates')).json().templates as { id: string; name: string }[];

describe('a member’s rate', () => {
  it('the sample pays hourly staff by a rate of the settings and writes contracts from templates', async () => {
    const members = (await owner.get('/api/members')).json().members as { id: string }[];
    const details = await Promise.all(members.map((m) => profileOf(m.id)));
    const hourly = details.filter((d) => d.profile.salaryKind === 'hourly');
    expect(hourly.length).toBeGreaterThan(3);
    expect(hourly.every((d) => d.profile.rateId)).toBe(true);
    const contracts = (await owner.get(`/api/members/${paul}/contracts`)).json().contracts;
    const names = new Map((await templatesOf()).map((x) => [x.id, x.name]));
    expect(names.get(contracts[0].templateId)).toBeDefined();
  });

  it('is one of the account’s rates (422 on the field otherwise), and stays when a form does not send it', async () => {
    const before = await profileOf(hannah);
    const cook = (await ratesOf()).find((r) => r.name === 'Cook')!;
    const set = await owner.put(`/api/members/${hannah}`, { ...before.profile, rateId: cook.id });
    expect(set.json().profile.rateId).toBe(cook.id);
    const { rateId: _dropped, ...withoutRate } = set.json().profile;
    expect((await owner.put(`/api/members/${hannah}`, withoutRate)).json().profile.rateId).toBe(cook.id);
    const bad = await owner.put(`/api/members/${hannah}`, {
      ...before.profile,
      rateId: '00000000-0000-4000-8000-000000000000',
    });
    expect([bad.statusCode, bad.json().fields]).toEqual([422, { rateId: ['validation.unknownIds'] }]);
  });
});

describe('deletion blocks of rates and contract templates', () => {
  it('refuses deleting a rate members are paid by (IN_USE with the count); deletes it once nobody is', async () => {
    const created = await owner.post('/api/rates', { name: 'Sommelier', hourlyCents: 2100, factor: 121 });
    const id = created.json().id;
    const before = await profileOf(hannah);
    await owner.put(`/api/members/${hannah}`, { ...before.profile, rateId: id });
    const refused = await owner.delete(`/api/rates/${id}`);
    expect([refused.statusCode, refused.json().code, refused.json().data]).toEqual([409, 'IN_USE', { members: 1 }]);
    await owner.put(`/api/members/${hannah}`, { ...before.profile, rateId: null });
    expect((await owner.delete(`/api/rates/${id}`)).statusCode).toBe(200);
  });

  it('refuses deleting a template contracts are written from (IN_USE with the count)', async () => {
    const fullTime = (await templatesOf()).find((x) => x.name === 'Full-time (40 h)')!;
    const refused = await owner.delete(`/api/contract-templates/${fullTime.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('IN_USE');
    expect(refused.json().data.contracts).toBeGreaterThan(0);
  });

  it('takes only the account’s templates for a contract (422 on the field)', async () => {
    const base = {
      startDate: '2019-01-01',
      endDate: '2019-06-30',
      type: 'part',
      weeklyMinutes: 600,
      schedule: 'flexible',
      dayMinutes: null,
      daysPerWeek: 2,
      vacationDays: 10,
      permanent: false,
    };
    const bad = await owner.post(`/api/members/${paul}/contracts`, { ...base, templateId: 'not-a-template' });
    expect([bad.statusCode, bad.json().fields]).toEqual([422, { templateId: ['validation.unknownIds'] }]);
    const miniJob = (await templatesOf()).find((x) => x.name === 'Mini-job')!;
    const ok = await owner.post(`/api/members/${paul}/contracts`, { ...base, templateId: miniJob.id });
    expect([ok.statusCode, ok.json().templateId]).toEqual([200, miniJob.id]);
    expect((await owner.delete(`/api/contracts/${ok.json().id}`)).statusCode).toBe(200);
  });
});

describe('the account’s language for new people', () => {
  it('gives invited people without a language of their own the account’s language, in the mail too', async () => {
    const general = (await owner.get('/api/settings/general')).json();
    expect((await owner.put('/api/settings/general', { ...general, locale: 'nl' })).statusCode).toBe(200);
    const res = await owner.post('/api/members/invitations', {
      people: [{ fname: 'Sanne', lname: 'de Vries', email: 'sanne.devries@example.com' }],
      locationIds: [],
      role: 'user',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'sanne.devries@example.com'));
    expect(user.locale).toBe('nl');
    const [mail] = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, 'sanne.devries@example.com'), eq(outbox.template, 'invitation')))
      .orderBy(desc(outbox.createdAt))
      .limit(1);
    expect(mail.locale).toBe('nl');
    await owner.put('/api/settings/general', general);
  });
});
