import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, createTestApp, signIn, type TestApp } from '../../test/app';

/**
 * A full disk, as the database reports it: a trigger raises PostgreSQL's disk_full (SQLSTATE 53100) with the words
 * of a failed file extension on every change of a person, so a real write meets the driver's own error.
 */
describe('a full disk', () => {
  let t: TestApp;
  let planner: Agent;

  beforeAll(async () => {
    t = await createTestApp();
    planner = await signIn(t.app, 'planner@example.com');
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const fill = () =>
    t.database.executeSql(`
      create function test_disk_full() returns trigger language plpgsql as $$
      begin
        raise exception 'could not extend file "base/5/16397": No space left on device' using errcode = 'disk_full';
      end $$;
      create trigger test_disk_full before update on users for each row execute function test_disk_full();
    `);
  const free = () => t.database.executeSql('drop trigger test_disk_full on users; drop function test_disk_full();');

  it('refuses writes with 507 DISK_FULL, keeps reads, and writes again once space is freed', async () => {
    const { fname, lname } = (await planner.get('/api/profile')).json();
    const profile = { fname, lname, locale: 'de' };
    await fill();
    const refused = await planner.put('/api/profile', profile);
    expect(refused.statusCode, refused.body).toBe(507);
    expect(refused.json()).toMatchObject({ code: 'DISK_FULL' });
    const read = await planner.get('/api/profile');
    expect(read.statusCode, read.body).toBe(200);
    await free();
    const saved = await planner.put('/api/profile', profile);
    expect(saved.statusCode, saved.body).toBe(200);
  });
});
