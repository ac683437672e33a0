import { beforeAll, describe, expect, it } from 'vitest';
import { errorMessage } from '../../app/apiErrors';
import { switchLanguage } from '../../i18n';
import { confirmText } from './useItemEdit';

beforeAll(async () => {
  await switchLanguage('en');
});

describe('availability refusals name the days concerned', () => {
  it('asks about the warn policy with the person and the day', () => {
    const body = {
      code: 'ERR_UNAVAILABLE_WARN' as const,
      message: '',
      data: { user: 'Mia Schneider', dates: ['2026-12-22'], confirmed: true as const },
    };
    expect(confirmText(body)).toBe('Mia Schneider is not available on Tue 22 Dec. Plan anyway?');
  });

  it('words a refusal under the deny policy with every day it lists', () => {
    const body = {
      code: 'ERR_UNAVAILABLE_DENY' as const,
      message: '',
      data: { user: 'Mia Schneider', dates: ['2026-12-23', '2026-12-22'] },
    };
    expect(errorMessage(body)).toBe(
      'Mia Schneider is not available on Tue 22 Dec and Wed 23 Dec and cannot be planned.',
    );
  });
});
