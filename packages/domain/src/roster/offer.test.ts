import { describe, expect, it } from 'vitest';
import { type OfferInput, offerFor } from './offer';

const TZ = 'Europe/Berlin';
const at = (date: string, hhmm: string) => Date.parse(`${date}T${hhmm}:00+01:00`);

function input(over: Partial<OfferInput> = {}): OfferInput {
  return {
    item: {
      id: 'open',
      date: '2027-01-12',
      dutyId: 'service',
      shiftId: null,
      restHours: 11,
      fromMinutes: 12 * 60,
      untilMinutes: 14 * 60,
      span: { start: at('2027-01-12', '12:00'), end: at('2027-01-12', '14:00') },
    },
    today: '2027-01-11',
    duties: new Set(['service']),
    others: [],
    availability: null,
    policy: 'warn',
    timeZone: TZ,
    ...over,
  };
}

describe('an open duty offered to an employee', () => {
  it('is offered when they hold its duty and nothing stands against it', () => {
    expect(offerFor(input())).toEqual({ can: true, reason: null });
  });

  it('is not offered on a past day or for a duty they do not hold', () => {
    expect(offerFor(input({ today: '2027-01-13' })).reason).toBe('ERR_NOT_ELIGIBLE');
    expect(offerFor(input({ duties: new Set(['kitchen']) })).reason).toBe('ERR_NOT_ELIGIBLE');
  });

  it('is not offered when it overlaps their own duty or falls in its rest period', () => {
    const own = (from: string, until: string, date = '2027-01-12') => ({
      id: 'own',
      date,
      shiftId: null,
      restHours: 11,
      span: { start: at(date, from), end: at(date, until) },
    });
    expect(offerFor(input({ others: [own('13:00', '15:00')] })).reason).toBe('ERR_OVERLAP');
    expect(offerFor(input({ others: [own('01:00', '03:00')] })).reason).toBe('ERR_OVERLAP_REST');
  });

  it('is not offered on a day they are unavailable, even where a planner could confirm it', () => {
    const unavailable = {
      date: '2027-01-12',
      type: 'unavailable',
      status: null,
      startMinutes: null,
      endMinutes: null,
    } as const;
    expect(offerFor(input({ availability: unavailable })).reason).toBe('ERR_UNAVAILABLE_WARN');
    expect(offerFor(input({ availability: unavailable, policy: 'deny' })).reason).toBe('ERR_UNAVAILABLE_DENY');
    expect(offerFor(input({ availability: unavailable, policy: 'allow' })).can).toBe(true);
  });
});
