import { SICKNESS_CODES } from '@app/contracts';
import { hasModule } from '@app/domain';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../../app/session';

/** The payroll profile's sickness code of a sick item (docs/product/roster.md, "Sickness"); with payroll only. */
export function SicknessCode({ value, onChange }: { value: string | null; onChange: (code: string | null) => void }) {
  const { t } = useTranslation();
  const access = useAccess();
  if (!hasModule(access, 'payroll')) return null;
  return (
    <Select
      label={t('roster.sick.code')}
      placeholder={t('roster.sick.noCode')}
      data={SICKNESS_CODES.map((c) => ({ value: c.code, label: `${c.code} · ${c.description}` }))}
      value={value}
      onChange={onChange}
      clearable
      comboboxProps={{ withinPortal: false }}
      data-testid="sick-code"
    />
  );
}
