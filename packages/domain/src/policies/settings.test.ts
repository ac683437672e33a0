import type { Role } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import type { Member } from './member';
import { isSettingsSection, mayOpenSettingsSection, settingsSectionsFor, twoFactorRequiredFor } from './settings';

const member = (roles: Role[], over: Partial<Member> = {}): Member => ({
  membershipId: 'me',
  roles,
  rights: [],
  managerLimited: false,
  plannerRestricted: false,
  ...over,
});

describe('settings pages', () => {
  it('owners and unlimited managers open every page, general first', () => {
    for (const m of [member(['owner']), member(['manager'])]) {
      const sections = settingsSectionsFor(m);
      expect(sections[0]).toBe('general');
      expect(sections).toHaveLength(17);
    }
  });

  it('planners and user.edit open the catalog pages only (plannings, functions, shifts, costs, tags)', () => {
    const catalog = ['locations', 'functions', 'shifts', 'costs', 'tags'];
    expect(settingsSectionsFor(member(['planner']))).toEqual(catalog);
    expect(settingsSectionsFor(member(['user'], { rights: ['user.edit'] }))).toEqual(catalog);
    expect(mayOpenSettingsSection(member(['planner']), 'rates')).toBe(false);
  });

  it('a limited manager keeps the catalog (a planner) but not the account’s settings', () => {
    const limited = member(['manager'], { managerLimited: true });
    expect(mayOpenSettingsSection(limited, 'general')).toBe(false);
    expect(mayOpenSettingsSection(limited, 'functions')).toBe(true);
  });

  it('employees and observers open none', () => {
    for (const role of ['user', 'observer', 'supervisor', 'accountant'] as Role[])
      expect([role, settingsSectionsFor(member([role]))]).toEqual([role, []]);
  });

  it('knows its sections by name', () => {
    expect(isSettingsSection('check-in')).toBe(true);
    expect(isSettingsSection('payroll')).toBe(false);
  });
});

describe('two-factor requirement', () => {
  it('applies to the chosen roles only, while required', () => {
    const settings = { twoFactorRequired: true, twoFactorRoles: ['planner'] };
    expect(twoFactorRequiredFor(settings, ['planner'])).toBe(true);
    expect(twoFactorRequiredFor(settings, ['owner'])).toBe(false);
    expect(twoFactorRequiredFor({ ...settings, twoFactorRequired: false }, ['planner'])).toBe(false);
  });
});
