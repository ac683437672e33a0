import https from 'node:https';
import net from 'node:net';
import { isPushServiceHost, isPushServiceUrl, PushSubscriptionRequest } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config';
import type { Db } from '../db/client';
import { guardedAgent, guardedLookup, isPublicAddress } from './outbound';
import { createPushSender, pushEndpointAllowed } from './push';

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '10.0.0.1',
    '10.255.255.255',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '169.254.0.1',
    '0.0.0.0',
    '0.1.2.3',
    '100.64.0.1',
    '100.127.255.255',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '0:0:0:0:0:0:0:1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:169.254.169.254',
    '::ffff:10.0.0.1',
    '0:0:0:0:0:ffff:c0a8:0101',
    '::127.0.0.1',
    'fc00::1',
    'fd00:ec2::254',
    'fdff:ffff::1',
    'fe80::1',
    'febf::1',
    'ff02::1',
    '2001:db8::1',
    '2002:7f00:1::1',
    '64:ff9b::7f00:1',
    'not an address',
    'localhost',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['142.250.185.74', '8.8.8.8', '172.32.0.1', '100.128.0.1', '169.255.0.1', '2a00:1450:4001:82b::200a'])(
    'admits %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
});

describe('push service hosts', () => {
  it.each([
    'fcm.googleapis.com',
    'updates.push.services.mozilla.com',
    'FCM.googleapis.com',
    'wns2-db5p.notify.windows.com',
    'web.push.apple.com',
    'api.push.apple.com',
  ])('admits %s', (host) => {
    expect(isPushServiceHost(host)).toBe(true);
  });

  it.each([
    'googleapis.com',
    'fcm.googleapis.com.evil.test',
    'evilfcm.googleapis.com',
    'notify.windows.com',
    'push.apple.com',
    'xpush.apple.com',
    'push.services.mozilla.com',
    'localhost',
    '127.0.0.1',
  ])('refuses %s', (host) => {
    expect(isPushServiceHost(host)).toBe(false);
  });

  it.each([
    'https://127.0.0.1:8443/push',
    'https://[::1]/push',
    'https://169.254.169.254/latest/meta-data/',
    'https://10.0.0.1/',
    'http://fcm.googleapis.com/fcm/send/x',
    'https://fcm.googleapis.com:8443/fcm/send/x',
    'https://user:pw@fcm.googleapis.com/fcm/send/x',
    'https://fcm.googleapis.com.127.0.0.1.nip.io/x',
    'https://localhost/x',
    'not a url',
  ])('refuses the endpoint %s', (endpoint) => {
    expect(isPushServiceUrl(endpoint)).toBe(false);
    expect(pushEndpointAllowed(endpoint)).toBe(false);
    const parsed = PushSubscriptionRequest.safeParse({ endpoint, keys: { p256dh: 'BNcR', auth: 'tBHI' } });
    expect(parsed.success).toBe(false);
  });

  it('admits the endpoints browsers give', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAA',
      'https://db5p.notify.windows.com/w/?token=BQYAAA',
      'https://web.push.apple.com/QGk4',
    ]) {
      expect(pushEndpointAllowed(endpoint), endpoint).toBe(true);
    }
  });
});

describe('connections to addresses that are not public', () => {
  let server: net.Server;
  let port: number;
  let connections = 0;
  beforeAll(async () => {
    server = net.createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as net.AddressInfo).port;
  });
  afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

  it('the lookup refuses a name that resolves to the loopback, and one with a private address among public ones', async () => {
    const lookup = (answers: string[]) =>
      guardedLookup((_host, _options, cb) =>
        cb(
          null,
          answers.map((address) => ({ address, family: net.isIP(address) })),
        ),
      );
    const run = (answers: string[]) =>
      new Promise<string>((resolve) =>
        lookup(answers)('push.test', { all: true }, (err) => resolve(err ? String(err.code) : 'ok')),
      );
    expect(await run(['127.0.0.1'])).toBe('EADDRNOTPUBLIC');
    expect(await run(['142.250.185.74', '10.1.2.3'])).toBe('EADDRNOTPUBLIC');
    expect(await run(['::ffff:169.254.169.254'])).toBe('EADDRNOTPUBLIC');
    expect(await run(['142.250.185.74'])).toBe('ok');
  });

  it('the agent connects to the address it checked: a push host resolving to the loopback is never reached', async () => {
    // DNS that answers the loopback for the push service's name (a rebinding attacker's answer).
    const agent = guardedAgent((_host, _options, cb) => cb(null, [{ address: '127.0.0.1', family: 4 }]));
    const error = await new Promise<NodeJS.ErrnoException>((resolve) => {
      const req = https.request({ host: 'fcm.googleapis.com', port, path: '/', method: 'POST', agent }, () =>
        resolve(new Error('answered')),
      );
      req.on('error', resolve);
      req.end();
    });
    expect(error.code).toBe('EADDRNOTPUBLIC');
    expect(connections).toBe(0);
  });

  it('the push sender refuses a stored endpoint that is not a push service, connecting nowhere', async () => {
    const config = testConfig({
      vapid: { publicKey: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u', privateKey: 'x' },
    });
    const sender = createPushSender({} as Db, config);
    for (const endpoint of [`https://127.0.0.1:${port}/push`, `https://localhost:${port}/push`]) {
      await expect(sender.send({ endpoint, keys: { p256dh: 'BNcR', auth: 'tBHI' } }, '{}')).rejects.toThrow(
        /not a push service/,
      );
    }
    expect(connections).toBe(0);
  });
});
