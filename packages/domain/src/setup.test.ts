import { describe, expect, it } from 'vitest';
import { toggleModule } from './modules';
import { nextStep, parseEmployeeList, previousStep, setupLanding, withRequirements } from './setup';

describe('setupLanding', () => {
  it('sends the owner of an unfinished account to the wizard and everyone else to the notice', () => {
    expect(setupLanding({ setupComplete: false }, { roles: ['owner'] })).toBe('wizard');
    for (const role of ['manager', 'planner', 'user', 'observer'] as const)
      expect(setupLanding({ setupComplete: false }, { roles: [role] })).toBe('incomplete');
    expect(setupLanding({ setupComplete: true }, { roles: ['owner'] })).toBe('app');
    expect(setupLanding({ setupComplete: true }, { roles: ['user'] })).toBe('app');
  });
});

describe('steps', () => {
  it('walks forward and back without leaving the list', () => {
    expect(nextStep('welcome')).toBe('account');
    expect(nextStep('done')).toBe('done');
    expect(previousStep('welcome')).toBe('welcome');
    expect(previousStep('modules')).toBe('activities');
  });
});

describe('parseEmployeeList', () => {
  it('reads "Name <email>", "name, email", semicolons and tab-separated spreadsheet rows', () => {
    const text = [
      'Anna Schmidt <Anna@Example.com>',
      'Ben Meyer, ben@example.com',
      'carla@example.com; Carla de Vries',
      'Dana\tKowalski\tdana@example.com',
      '"Eve Long-Name" <eve@example.com>',
    ].join('\n');
    const { people, problems } = parseEmployeeList(text);
    expect(problems).toEqual([]);
    expect(people).toEqual([
      { line: 1, fname: 'Anna', lname: 'Schmidt', email: 'anna@example.com' },
      { line: 2, fname: 'Ben', lname: 'Meyer', email: 'ben@example.com' },
      { line: 3, fname: 'Carla', lname: 'de Vries', email: 'carla@example.com' },
      { line: 4, fname: 'Dana', lname: 'Kowalski', email: 'dana@example.com' },
      { line: 5, fname: 'Eve', lname: 'Long-Name', email: 'eve@example.com' },
    ]);
  });

  it('skips empty lines and a spreadsheet header row, and keeps the line numbers of the paste', () => {
    const { people, problems } = parseEmployeeList(
      'First name\tLast name\tE-mail\n\nAnna\tSchmidt\tanna@example.com\r\n',
    );
    expect(problems).toEqual([]);
    expect(people).toEqual([{ line: 3, fname: 'Anna', lname: 'Schmidt', email: 'anna@example.com' }]);
  });

  it('names the problem of each line: no address, an invalid one, no name, a duplicate', () => {
    const { people, problems } = parseEmployeeList(
      [
        'Anna Schmidt',
        'Ben <ben@@example>',
        'carla@example.com',
        'Dana, dana@example.com',
        'Dana Two, DANA@example.com',
      ].join('\n'),
    );
    expect(people.map((p) => p.email)).toEqual(['dana@example.com']);
    expect(problems.map((p) => [p.line, p.problem])).toEqual([
      [1, 'noEmail'],
      [2, 'invalidEmail'],
      [3, 'noName'],
      [5, 'duplicate'],
    ]);
  });

  it('honours the room left in the plan', () => {
    const text = ['a <a@example.com>', 'b <b@example.com>', 'c <c@example.com>'].join('\n');
    const { people, problems } = parseEmployeeList(text, { room: 2 });
    expect(people).toHaveLength(2);
    expect(problems).toEqual([{ line: 3, text: 'c <c@example.com>', problem: 'overLimit' }]);
    expect(parseEmployeeList(text, { room: null }).people).toHaveLength(3);
  });

  it('refuses names longer than a name may be', () => {
    const { problems } = parseEmployeeList(`${'x'.repeat(101)} <x@example.com>`);
    expect(problems[0].problem).toBe('tooLong');
  });
});

describe('module selection', () => {
  it('adds what a selection requires, in the catalogue order', () => {
    expect(withRequirements(['vacation', 'checkins'])).toEqual([
      'roster',
      'hours',
      'availability',
      'vacation',
      'checkins',
    ]);
    expect(withRequirements([])).toEqual([]);
  });

  it('refuses switching off a module another selected one needs (the modules page rule)', () => {
    const selected = withRequirements(['vacation']);
    expect(toggleModule(selected, 'availability', false)).toMatchObject({ ok: false, dependents: ['vacation'] });
  });
});
