import { MODULES, type ModuleKey } from '@app/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MODULES,
  dependentsOf,
  isModuleOffered,
  MODULE_REQUIRES,
  OFFERED_MODULES,
  requirementsOf,
  toggleModule,
} from './modules';
import { SETUP_MODULES } from './setup';

describe('module dependency graph', () => {
  it('has no cycles', () => {
    for (const m of MODULES) expect(requirementsOf(m)).not.toContain(m);
  });
  it('check-ins and balances need hours, which needs the roster', () => {
    expect(requirementsOf('checkins')).toEqual(['roster', 'hours']);
    expect(requirementsOf('balances')).toContain('hours');
    expect(dependentsOf('hours')).toEqual(expect.arrayContaining(['checkins', 'balances', 'rates', 'calculations']));
  });
  it('refuses to switch a module off while an active dependent needs it, naming the dependents', () => {
    const result = toggleModule(['roster', 'hours', 'checkins', 'balances'], 'hours', false);
    expect(result).toEqual({ ok: false, code: 'MODULE_DEPENDENTS', dependents: ['balances', 'checkins'] });
  });
  it('switches a module off when nothing active needs it', () => {
    const result = toggleModule(['roster', 'hours', 'checkins'], 'checkins', false);
    expect(result).toMatchObject({ ok: true, modules: ['roster', 'hours'] });
  });
  it('switching on also switches on what it requires', () => {
    const result = toggleModule([], 'calculations', true);
    expect(result).toMatchObject({ ok: true, alsoActivated: ['roster', 'hours', 'rates'] });
  });
  it('keeps every active set closed under requirements', () => {
    const key = fc.constantFrom(...MODULES);
    fc.assert(
      fc.property(fc.array(fc.tuple(key, fc.boolean()), { maxLength: 40 }), (steps) => {
        let active: ModuleKey[] = [];
        for (const [k, on] of steps) {
          const r = toggleModule(active, k, on);
          if (r.ok) active = r.modules;
        }
        for (const m of active) for (const req of MODULE_REQUIRES[m]) expect(active).toContain(req);
      }),
    );
  });
});

describe('offered modules', () => {
  it('an offered module needs only offered modules', () => {
    for (const m of OFFERED_MODULES) expect([m, requirementsOf(m).filter((r) => !isModuleOffered(r))]).toEqual([m, []]);
  });
  it('new accounts and the setup wizard start with offered modules only', () => {
    expect([...DEFAULT_MODULES, ...SETUP_MODULES].filter((m) => !isModuleOffered(m))).toEqual([]);
  });
  it('leaves out the modules that gate nothing', () => {
    expect(OFFERED_MODULES).not.toContain('appointments');
    expect(OFFERED_MODULES).toContain('roster');
    expect(OFFERED_MODULES.length).toBeLessThan(MODULES.length);
  });
});
