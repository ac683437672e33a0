import { describe, expect, it } from 'vitest';
import { checkinTiming, distanceMeters, localMinuteOf } from './checkins';

describe('distanceMeters', () => {
  it('measures the great circle: Berlin Alexanderplatz to the Brandenburg Gate is about 2.3 km', () => {
    const alex = { latitude: 52.521918, longitude: 13.413215 };
    const gate = { latitude: 52.516275, longitude: 13.377704 };
    expect(distanceMeters(alex, gate)).toBeGreaterThan(2_400);
    expect(distanceMeters(alex, gate)).toBeLessThan(2_500);
    expect(distanceMeters(alex, alex)).toBe(0);
  });

  it('a thousandth of a degree of latitude is about 111 metres', () => {
    expect(distanceMeters({ latitude: 52, longitude: 13 }, { latitude: 52.001, longitude: 13 })).toBe(111);
  });
});

describe('checkinTiming', () => {
  const start = Date.UTC(2027, 4, 3, 8, 0);
  const span = { start, end: start + 8 * 3_600_000 };
  const window = { minBefore: 5, maxBefore: 30 };
  const at = (minutes: number) => start + minutes * 60_000;

  it('opens max minutes before the start and closes at the end', () => {
    expect(checkinTiming(span, at(-31), window)).toBe('early');
    expect(checkinTiming(span, at(-30), window)).toBe('onTime');
    expect(checkinTiming(span, at(-5), window)).toBe('onTime');
    expect(checkinTiming(span, at(-4), window)).toBe('late');
    expect(checkinTiming(span, at(60), window)).toBe('late');
    expect(checkinTiming(span, at(8 * 60), window)).toBe('over');
  });
});

describe('localMinuteOf', () => {
  it('reads the local date and minute in the zone, across the DST change', () => {
    expect(localMinuteOf(Date.parse('2027-03-28T00:30:00Z'), 'Europe/Berlin')).toEqual({
      date: '2027-03-28',
      minutes: 90,
    });
    expect(localMinuteOf(Date.parse('2027-03-28T01:30:00Z'), 'Europe/Berlin')).toEqual({
      date: '2027-03-28',
      minutes: 210,
    });
    expect(localMinuteOf(Date.parse('2027-03-28T23:30:00Z'), 'Pacific/Auckland').date).toBe('2027-03-29');
  });
});
