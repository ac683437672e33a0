import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { passwordProblems } from './password';

describe('password rules', () => {
  it('accepts 8+ characters with a digit, a lower and an upper case letter', () => {
    expect(passwordProblems('Welcome123')).toEqual([]);
    expect(passwordProblems('Zürich-2024')).toEqual([]);
  });
  it('names every broken rule', () => {
    expect(passwordProblems('')).toEqual(['required']);
    expect(passwordProblems('Ab1')).toEqual(['tooShort']);
    expect(passwordProblems('Welcomeabc')).toEqual(['noNumber']);
    expect(passwordProblems('WELCOME123')).toEqual(['noLower']);
    expect(passwordProblems('welcome123')).toEqual(['noUpper']);
    expect(passwordProblems('Welcome 123')).toEqual(['noSpaces']);
    expect(passwordProblems('Welcome\u0007123')).toEqual(['invalidCharacter']);
    expect(passwordProblems('abc')).toEqual(['tooShort', 'noNumber', 'noUpper']);
  });
  it('never accepts a password without a digit', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (s) => {
        const noDigits = s.replace(/\d/g, '');
        if (noDigits.length === 0) return;
        expect(passwordProblems(noDigits)).toContain('noNumber');
      }),
    );
  });
  it('accepts any password built from the required classes without spaces', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9!?#.-]{0,20}$/), (filler) => {
        expect(passwordProblems(`Aa1${filler}xyzXY`)).toEqual([]);
      }),
    );
  });
});
