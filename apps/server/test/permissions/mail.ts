/** Undelivered mails for the permission table: a fresh failed row for each request that resends one. */
import { now } from '@app/domain';
import { outbox } from '../../src/db/schema';
import type { Fixture } from './fixture';

export async function failedMailOf(fx: Fixture, accountId: string): Promise<string> {
  const [row] = await fx.t.database.db
    .insert(outbox)
    .values({
      accountId,
      to: 'gone@example.com',
      locale: 'en',
      template: 'rosterChanged',
      subject: 'Roster changed',
      text: 'Look at the roster.',
      status: 'failed',
      attempts: 3,
      error: '550 No such mailbox',
      createdAt: now(),
    })
    .returning({ id: outbox.id });
  return row.id;
}
