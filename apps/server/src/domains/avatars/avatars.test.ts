import { AVATAR_EDGE, AVATAR_MAX_BYTES } from '@app/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, createTestApp, signIn, type TestApp } from '../../../test/app';
import { memberships } from '../../db/schema';
import { memberIdOf } from '../roster/testkit';
import { colourIndex, initialsOf, initialsSvg } from './initials';

let t: TestApp;
let owner: Agent;
let employee: Agent;
let planner: Agent;
let ids: { owner: string; employee: string; planner: string; anna: string; storeMember: string };
let userOf: (membershipId: string) => Promise<string>;

/** A photo as a phone sends it: a jpeg with camera metadata (EXIF) and an orientation. */
const photo = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: '#c0a080' } })
    .jpeg()
    .withMetadata({ orientation: 6, exif: { IFD0: { Make: 'PhoneMaker', Model: 'Secret Camera' } } })
    .toBuffer();

const upload = (agent: Agent, membershipId: string, body: Buffer, type = 'image/jpeg') =>
  agent.request('POST', `/api/memberships/${membershipId}/avatar`, body, { 'content-type': type });

beforeAll(async () => {
  t = await createTestApp();
  owner = await signIn(t.app, 'owner@example.com');
  employee = await signIn(t.app, 'employee@example.com');
  planner = await signIn(t.app, 'planner@example.com');
  const db = t.database.db;
  ids = {
    owner: await memberIdOf(db, 'owner@example.com'),
    employee: await memberIdOf(db, 'employee@example.com'),
    planner: await memberIdOf(db, 'planner@example.com'),
    anna: await memberIdOf(db, 'anna.schmidt@example.com'),
    storeMember: await memberIdOf(db, 'julia.lang@example.com', 'Corner Store'),
  };
  userOf = async (membershipId) =>
    (await db.select({ u: memberships.userId }).from(memberships).where(eq(memberships.id, membershipId)))[0].u;
});
afterAll(async () => t.dispose());

describe('initials avatar', () => {
  it('takes the first letters of first and last name, else of the e-mail', () => {
    expect(initialsOf('anna', 'schmidt')).toBe('AS');
    expect(initialsOf('Łucja', '')).toBe('Ł');
    expect(initialsOf('', '', 'joe@example.com')).toBe('J');
    expect(initialsOf('', '')).toBe('?');
  });

  it('escapes what it draws and keeps one colour per name', () => {
    expect(initialsSvg('<b', '&x')).toContain('&lt;&amp;');
    expect(colourIndex('Anna Schmidt')).toBe(colourIndex('Anna Schmidt'));
  });
});

describe('profile pictures', () => {
  it('keeps an uploaded photo as a square without its metadata, and serves it with caching', async () => {
    const res = await upload(employee, ids.employee, await photo());
    expect(res.statusCode, res.body).toBe(201);
    const userId = await userOf(ids.employee);
    expect(res.json()).toEqual({ membershipId: ids.employee, userId, version: 1 });

    const image = await owner.get(`/api/gravatar/${userId}/user?v=1`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toBe('private, max-age=86400');
    const meta = await sharp(image.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', AVATAR_EDGE, AVATAR_EDGE]);
    expect([meta.exif, meta.orientation]).toEqual([undefined, undefined]);
    expect(image.rawPayload.includes(Buffer.from('Secret Camera'))).toBe(false);

    // Revalidation: the same picture answers 304 without a body.
    const again = await owner.request('GET', `/api/gravatar/${userId}/user?v=1`, undefined, {
      'if-none-match': String(image.headers.etag),
    });
    expect(again.statusCode).toBe(304);

    // The person's own address answers the same picture.
    const own = await employee.get('/api/gravatar');
    expect([own.headers['content-type'], own.headers.etag]).toEqual(['image/webp', image.headers.etag]);

    // Everyone of the account learns who has a picture (and its version) in one list.
    const list = (await planner.get('/api/avatars')).json().avatars;
    expect(list).toContainEqual({ membershipId: ids.employee, userId, version: 1 });

    // A new upload is a new version; a gif and a png are taken as well.
    const gif = await sharp({ create: { width: 40, height: 90, channels: 4, background: '#336699' } })
      .gif()
      .toBuffer();
    expect((await upload(employee, ids.employee, gif, 'image/gif')).json().version).toBe(2);
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    expect((await upload(employee, ids.employee, png, 'application/octet-stream')).json().version).toBe(3);
  });

  it('without a picture answers the initials, drawn on the server', async () => {
    const userId = await userOf(ids.anna);
    const image = await owner.get(`/api/gravatar/${userId}/user`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(image.body).toContain('>AS</text>');
    expect(image.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('refuses a file that is no jpg, png or gif by its content, whatever it is sent as (422 on the file)', async () => {
    const text = Buffer.from('GIF89a is what I say, but I am text');
    const res = await upload(employee, ids.employee, text, 'image/gif');
    expect([res.statusCode, res.json().code, res.json().fields]).toEqual([
      422,
      'VALIDATION',
      { file: ['avatars.errors.type'] },
    ]);
    const webp = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .webp()
      .toBuffer();
    expect((await upload(employee, ids.employee, webp, 'application/octet-stream')).json().fields).toEqual({
      file: ['avatars.errors.type'],
    });
    // Magic bytes of a png on a cut-off file: it does not decode.
    const png = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect((await upload(employee, ids.employee, png.subarray(0, 40))).json().fields).toEqual({
      file: ['avatars.errors.type'],
    });
  });

  it('refuses a picture over 2 MB with 422, and any file over 4 MB with 413', async () => {
    const big = Buffer.concat([await photo(), Buffer.alloc(AVATAR_MAX_BYTES)]);
    const res = await upload(employee, ids.employee, big);
    expect([res.statusCode, res.json().fields]).toEqual([422, { file: ['avatars.errors.tooLarge'] }]);
    const huge = Buffer.alloc(4 * 1024 * 1024 + 1);
    expect((await upload(employee, ids.employee, huge)).statusCode).toBe(413);
  });

  it('lets a member change only their own picture; user.edit changes anyone’s', async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    expect((await upload(employee, ids.anna, png)).statusCode).toBe(403);
    expect((await planner.request('DELETE', `/api/memberships/${ids.employee}/avatar`)).statusCode).toBe(403);
    expect((await upload(owner, ids.anna, png, 'image/png')).statusCode).toBe(201);
    expect((await owner.request('DELETE', `/api/memberships/${ids.anna}/avatar`)).statusCode).toBe(200);
    const annaUser = await userOf(ids.anna);
    expect((await owner.get(`/api/gravatar/${annaUser}/user`)).headers['content-type']).toMatch(/svg/);
  });

  it('removes one’s own picture: the initials come back and the list forgets it', async () => {
    await upload(planner, ids.planner, await photo());
    expect((await planner.request('DELETE', `/api/memberships/${ids.planner}/avatar`)).statusCode).toBe(200);
    expect((await planner.get('/api/gravatar')).headers['content-type']).toMatch(/svg/);
    const list = (await owner.get('/api/avatars')).json().avatars;
    expect(list.map((a: { membershipId: string }) => a.membershipId)).not.toContain(ids.planner);
  });

  it('answers 404 for a person or membership of another account', async () => {
    const foreignUser = await userOf(ids.storeMember);
    expect((await owner.get(`/api/gravatar/${foreignUser}/user`)).statusCode).toBe(404);
    expect((await upload(owner, ids.storeMember, await photo())).statusCode).toBe(404);
    expect((await owner.request('DELETE', `/api/memberships/${ids.storeMember}/avatar`)).statusCode).toBe(404);
  });
});
