import type { UploadEntry } from '@app/contracts';
import { todayIn } from '@app/domain';
import { Stack, Title } from '@mantine/core';
import { useSession } from '../../app/session';
import { formatMonth } from '../../ui/format';
import { useLang } from '../../ui/useLang';
import { FileList } from './FileList';

/**
 * Payslips by the month they are for (a run's month; for one filed by hand, the month of its upload in the account's
 * time zone), newest month first, newest file first within it.
 */
export function payslipsByMonth(files: readonly UploadEntry[], timeZone: string): [string, UploadEntry[]][] {
  const groups = new Map<string, UploadEntry[]>();
  for (const file of files) {
    const month = file.month ?? todayIn(timeZone, new Date(file.date)).slice(0, 7);
    groups.set(month, [...(groups.get(month) ?? []), file]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => b.localeCompare(a))
    .map(([month, list]) => [month, list.sort((a, b) => b.date.localeCompare(a.date))]);
}

interface Props {
  files: readonly UploadEntry[];
  onChanged: () => void;
  testId?: string;
  /** The heading level of the months (below the section's). */
  level?: 3 | 4;
}

/** A member's payslips under a heading per month, in the reader's language. */
export function PayslipMonths({ files, onChanged, testId, level = 3 }: Props) {
  const lang = useLang();
  const timeZone = useSession().account.settings.timeZone;
  return (
    <Stack gap="md" data-testid={testId}>
      {payslipsByMonth(files, timeZone).map(([month, list]) => (
        <Stack
          key={month}
          gap={6}
          component="section"
          aria-labelledby={`payslips-month-${month}`}
          data-testid="payslips-month"
          data-month={month}
        >
          <Title order={level} size="h6" id={`payslips-month-${month}`}>
            {formatMonth(`${month}-01`, lang)}
          </Title>
          <FileList files={list} onChanged={onChanged} />
        </Stack>
      ))}
    </Stack>
  );
}
