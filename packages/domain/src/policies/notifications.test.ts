import { NotificationEvent } from '@app/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_EVENT_MODULE, notificationGroups } from './notifications';

describe('notificationGroups', () => {
  it('puts the events in one section per module, the roster first', () => {
    expect(notificationGroups()).toEqual([
      {
        module: 'roster',
        events: [
          'rosterReleased',
          'rosterChanged',
          'itemAssigned',
          'itemRemoved',
          'signOutAnswered',
          'applicationAnswered',
          'swapOffered',
          'swapRequested',
          'swapAnswered',
        ],
      },
      { module: 'vacation', events: ['vacationRequested', 'vacationAnswered'] },
      { module: 'hours', events: ['hoursDenied'] },
      { module: 'chats', events: ['chatMessage'] },
      { module: 'dossiers', events: ['dossierShared'] },
      { module: 'documents', events: ['documentAdded'] },
    ]);
  });

  it('keeps every event once, in its section, in the given order', () => {
    fc.assert(
      fc.property(fc.shuffledSubarray([...NotificationEvent.options]), (events) => {
        const groups = notificationGroups(events);
        expect(groups.flatMap((g) => g.events).sort()).toEqual([...events].sort());
        expect(new Set(groups.map((g) => g.module)).size).toBe(groups.length);
        for (const group of groups) {
          for (const event of group.events) expect(NOTIFICATION_EVENT_MODULE[event]).toBe(group.module);
          expect(group.events).toEqual(events.filter((e) => group.events.includes(e)));
        }
      }),
    );
  });
});
