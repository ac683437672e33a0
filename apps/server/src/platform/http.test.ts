import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';

describe('HTTP platform', () => {
  let t: TestApp;
  let web: string;
  beforeAll(async () => {
    web = fs.mkdtempSync(path.join(os.tmpdir(), 'web-'));
    fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
    fs.mkdirSync(path.join(web, 'assets'));
    fs.writeFileSync(path.join(web, 'assets', 'app.js'), 'console.log(1)');
    t = await createTestApp({ sample: false, config: { webDist: web } });
  });
  afterAll(async () => t.dispose());

  it('serves the web app for every /{lang}/... page and the root', async () => {
    for (const url of ['/', '/en', '/de/uebersicht', '/nl/inloggen/wachtwoord-herstellen/abc']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect([url, res.statusCode, String(res.headers['content-type']).split(';')[0]]).toEqual([url, 200, 'text/html']);
      expect(res.body).toContain('<div id="root">');
    }
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.body).toBe('console.log(1)');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect([res.statusCode, res.json().code]).toEqual([404, 'NOT_FOUND']);
  });

  it('serves API documentation generated from the schemas', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/app/init', '/api/modules/{key}', '/api/switch/account/{id}']),
    );
    expect(spec.paths['/api/auth/login'].post.requestBody.content['application/json'].schema.properties).toHaveProperty(
      'email',
    );
  });
});

describe('maintenance mode', () => {
  it('answers 503 MAINTENANCE to the API but keeps the health check', async () => {
    const t = await createTestApp({ sample: false, config: { maintenance: true } });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/app/init' });
      expect([res.statusCode, res.json().code]).toEqual([503, 'MAINTENANCE']);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'a@b.cd', password: 'x' },
      });
      expect(login.statusCode).toBe(503);
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await t.dispose();
    }
  });
});

describe('modules switched off', () => {
  it('refuse the calls of their module with 403 MODULE_INACTIVE', async () => {
    const { signIn } = await import('../../test/app');
    const t = await createTestApp();
    try {
      const owner = await signIn(t.app, 'owner@example.com');
      const overview = (await owner.get('/api/overview')).json();
      const location = overview.locations[0].id;
      expect((await owner.get(`/api/items?scope=planning&location=${location}`)).statusCode).toBe(200);
      expect((await owner.put('/api/modules/sickness', { active: false })).statusCode).toBe(200);
      const item = (
        await owner.post('/api/items', {
          location,
          date: '2027-08-02',
          times: { start: '08:00', end: '12:00', break: 0 },
        })
      ).json().item;
      const sick = await owner.put(`/api/items/${item.id}/sick`, {});
      expect([sick.statusCode, sick.json()]).toEqual([
        403,
        expect.objectContaining({ code: 'MODULE_INACTIVE', data: { module: 'sickness' } }),
      ]);
      expect((await owner.put('/api/modules/tags', { active: false })).statusCode).toBe(200);
      expect((await owner.get('/api/tags')).json().code).toBe('MODULE_INACTIVE');
      expect((await owner.put('/api/modules/roster', { active: false })).json().code).toBe('MODULE_DEPENDENTS');
    } finally {
      await t.dispose();
    }
  });
});
