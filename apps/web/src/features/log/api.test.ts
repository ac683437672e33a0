import { describe, expect, it } from 'vitest';
import { changedFields, showValue } from './api';

const words = {
  yes: 'Yes',
  no: 'No',
  lang: 'en',
  names: { 'd-1': 'Bar', 'd-2': 'Kitchen', 't-1': 'Keys' },
};

describe('the activity log’s details', () => {
  it('lists only the fields that changed, without internal columns', () => {
    expect(
      changedFields(
        { id: 'x', dutyId: 'd-1', notes: null, updatedAt: '1' },
        { id: 'x', dutyId: 'd-2', notes: null, updatedAt: '2' },
      ),
    ).toEqual([{ field: 'dutyId', before: 'd-1', after: 'd-2' }]);
    expect(changedFields(null, { name: 'Bar' })).toEqual([{ field: 'name', before: undefined, after: 'Bar' }]);
  });

  it('shows ids by name, minutes as hours, cents as money, and yes or no', () => {
    expect(showValue('dutyId', 'd-2', words)).toBe('Kitchen');
    expect(showValue('tagIds', ['t-1', 'gone'], words)).toBe('Keys, gone');
    expect(showValue('tagIds', [], words)).toBe('–');
    expect(showValue('fromMinutes', 420, words)).toBe('07:00');
    expect(showValue('weeklyMinutes', 2430, words)).toBe('40:30');
    expect(showValue('expensesCents', 1250, words)).toBe('€12.50');
    expect(showValue('trashed', true, words)).toBe('Yes');
    expect(showValue('notes', null, words)).toBe('–');
    expect(showValue('notes', 'Bring keys', words)).toBe('Bring keys');
    expect(showValue('hour', { billable: 100 }, words)).toBe('{"billable":100}');
  });
});
