import { BREAK_OPTIONS } from '@app/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { locationDateProblems, shiftTimesProblem } from './policy';

describe('locationDateProblems', () => {
  it('needs start and end for a temporary planning', () => {
    expect(locationDateProblems({ type: 'temporary', startDate: null, endDate: null })).toEqual({
      startDate: ['validation.required'],
      endDate: ['validation.required'],
    });
    expect(locationDateProblems({ type: 'temporary', startDate: '2030-01-01', endDate: '2030-01-01' })).toEqual({});
  });
  it('lets an ongoing planning go without dates, or with an open end', () => {
    expect(locationDateProblems({ type: 'ongoing', startDate: null, endDate: null })).toEqual({});
    expect(locationDateProblems({ type: 'ongoing', startDate: '2030-01-01', endDate: null })).toEqual({});
  });
  it('refuses an end before the start, whatever the type', () => {
    for (const type of ['ongoing', 'temporary']) {
      expect(locationDateProblems({ type, startDate: '2030-01-02', endDate: '2030-01-01' })).toEqual({
        endDate: ['validation.endBeforeStart'],
      });
    }
  });
});

describe('shiftTimesProblem', () => {
  it('refuses equal start and end', () => {
    expect(shiftTimesProblem('08:00', '08:00', 0)).toBe('ERR_EQUAL');
  });
  it('runs overnight when the end is before the start', () => {
    expect(shiftTimesProblem('22:00', '06:00', 90)).toBeNull();
    expect(shiftTimesProblem('23:30', '00:00', 30)).toBeNull();
    expect(shiftTimesProblem('23:30', '00:00', 45)).toBe('ERR_NEGATIVE');
  });
  it('accepts any distinct times whose span holds the break, and nothing else', () => {
    const time = fc.integer({ min: 0, max: 1439 });
    fc.assert(
      fc.property(time, time, fc.constantFrom(...BREAK_OPTIONS), (s, e, brk) => {
        const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
        const span = e > s ? e - s : e + 1440 - s;
        const expected = s === e ? 'ERR_EQUAL' : span < brk ? 'ERR_NEGATIVE' : null;
        expect(shiftTimesProblem(hhmm(s), hhmm(e), brk)).toBe(expected);
      }),
    );
  });
});
