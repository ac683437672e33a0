import { RosterMailResponse } from '@app/contracts';
import { Menu } from '@mantine/core';
import { IconMail, IconPrinter } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { post } from '../../app/api';
import { notify } from '../../app/notify';
import { ToolbarButton } from '../../ui/ToolbarButton';

/**
 * The roster of the week shown as a printable PDF, and mailing it to the planning's staff without access
 * (docs/product/reports.md: they only see printed or mailed rosters). Planners, on the roster's toolbar.
 */
export function PrintWeekMenu({ location, week, compact }: { location: string; week: string; compact: boolean }) {
  const { t } = useTranslation();
  const url = `/api/locations/${encodeURIComponent(location)}/print?week=${week}`;
  const mail = useMutation({
    mutationFn: async () =>
      await post(RosterMailResponse, `/api/locations/${encodeURIComponent(location)}/print/mail`, { week }),
    onSuccess: ({ count, names }) =>
      count === 0
        ? notify('info', t('reports.print.mailedNobody'))
        : notify('success', t('reports.print.mailed', { count, names: names.join(', ') })),
  });
  return (
    <Menu position="bottom-end" shadow="md" withinPortal>
      <Menu.Target>
        <ToolbarButton
          compact={compact}
          icon={<IconPrinter size={16} aria-hidden />}
          label={t('reports.print.button')}
          data-testid="print-week"
        />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component="a" href={url} target="_blank" rel="noopener" leftSection={<IconPrinter size={14} />}>
          {t('reports.print.pdf')}
        </Menu.Item>
        <Menu.Item leftSection={<IconMail size={14} />} onClick={() => mail.mutate()} disabled={mail.isPending}>
          {t('reports.print.mail')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
