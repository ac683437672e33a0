import { INDUSTRIES, LOCALES, SetupDuty, SetupShift } from '@app/contracts';
import { requirementsOf, withRequirements } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { TEMPLATES, templateDefaults } from './templates';

describe('industry templates', () => {
  it('give every industry duties, shifts, a planning, a cost centre and modules the wizard accepts, in every language', () => {
    for (const industry of INDUSTRIES) {
      const template = TEMPLATES[industry];
      expect(template.industry).toBe(industry);
      for (const locale of LOCALES) {
        const d = templateDefaults(industry, locale);
        expect(d.duties.length, industry).toBeGreaterThan(0);
        for (const duty of d.duties)
          expect(SetupDuty.safeParse(duty).success, `${industry} ${duty.identifier}`).toBe(true);
        for (const shift of d.shifts)
          expect(SetupShift.safeParse(shift).success, `${industry} ${shift.identifier}`).toBe(true);
        expect(d.location.length).toBeGreaterThan(0);
        expect(d.costCentre.name.length).toBeGreaterThan(0);
      }
      expect(new Set(template.duties.map((d) => d.identifier)).size).toBe(template.duties.length);
      expect(new Set(template.shifts.map((s) => s.identifier)).size).toBe(template.shifts.length);
    }
  });

  it('preselect modules per industry with everything they require', () => {
    for (const industry of INDUSTRIES) {
      const modules = templateDefaults(industry, 'en').modules;
      expect(modules).toContain('roster');
      for (const m of modules)
        for (const r of requirementsOf(m)) expect(modules, `${industry}: ${m} needs ${r}`).toContain(r);
      expect(withRequirements(modules)).toEqual(modules);
    }
    expect(templateDefaults('healthcare', 'en').modules).toContain('documents');
    expect(templateDefaults('retail', 'en').modules).not.toContain('planning');
  });

  it('fall back to "other" while no industry is chosen, and word names in the account language', () => {
    expect(templateDefaults(null, 'en').duties).toEqual(templateDefaults('other', 'en').duties);
    expect(templateDefaults('gastronomy', 'de').duties.map((d) => d.name)).toEqual([
      'Küche',
      'Service',
      'Bar',
      'Spülküche',
      'Schichtleitung',
    ]);
    expect(templateDefaults('retail', 'pl').shifts[0]).toEqual({
      identifier: 'O',
      name: 'Otwarcie',
      start: '08:00',
      end: '14:00',
      break: 30,
    });
  });

  it('give shift codes in the account language, distinct within each template', () => {
    expect(templateDefaults('gastronomy', 'en').shifts.map((s) => s.identifier)).toEqual(['E', 'M', 'L']);
    expect(templateDefaults('gastronomy', 'de').shifts.map((s) => s.identifier)).toEqual(['F', 'M', 'S']);
    expect(templateDefaults('healthcare', 'nl').shifts.map((s) => s.identifier)).toEqual(['V', 'L', 'N']);
    for (const industry of ['gastronomy', 'retail', 'healthcare', 'other'] as const)
      for (const locale of ['en', 'de', 'nl', 'pl'] as const) {
        const codes = templateDefaults(industry, locale).shifts.map((s) => s.identifier);
        expect(new Set(codes).size, `${industry} ${locale}`).toBe(codes.length);
      }
  });
});
