import type { HoursLine } from '@app/contracts';
import { Button, Checkbox, Group, Menu, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconDots, IconPencil, IconSignature, IconTrash, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatWeekdayDate } from '../../ui/format';
import { formatEuro, formatMinutes } from './format';

/** Cards per page of the approve tab on a phone: about 50 cards at once rendered slowly (docs/product/hours.md). */
export const HOURS_PAGE_SIZE = 25;

export interface ApproveRowActions {
  approve: () => void;
  approveSigned: () => void;
  deny: () => void;
  edit: () => void;
  remove: () => void;
}

/**
 * The approve tab at desktop width: one dense row per line (date, person, planning and duty, the planned times beside
 * the registered ones with their break, worked time, cost) with the decisions at its end (every line of this tab is pending); phones keep the cards. The page passes one page of lines.
 */
export function ApproveTable(props: {
  lines: HoursLine[];
  lang: string;
  selectable: boolean;
  isSelected: (line: HoursLine) => boolean;
  onSelect: (line: HoursLine, on: boolean) => void;
  actionsOf: (line: HoursLine) => ApproveRowActions;
}) {
  const { t } = useTranslation();
  const day = (date: string) => formatWeekdayDate(date, props.lang);
  return (
    <Table striped highlightOnHover verticalSpacing={6} fz="sm" data-testid="hours-table">
      <Table.Thead>
        <Table.Tr>
          {props.selectable && (
            <Table.Th w={36}>
              <VisuallyHidden>{t('hours.table.select')}</VisuallyHidden>
            </Table.Th>
          )}
          <Table.Th>{t('hours.table.date')}</Table.Th>
          <Table.Th>{t('hours.table.person')}</Table.Th>
          <Table.Th>{t('hours.table.where')}</Table.Th>
          <Table.Th>{t('hours.table.planned')}</Table.Th>
          <Table.Th>{t('hours.table.registered')}</Table.Th>
          <Table.Th ta="right">{t('hours.table.worked')}</Table.Th>
          <Table.Th ta="right">{t('hours.table.cost')}</Table.Th>
          <Table.Th ta="right">{t('hours.table.actions')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {props.lines.map((line) => {
          const a = props.actionsOf(line);
          const label = `${day(line.date)} · ${line.member.name}`;
          return (
            <Table.Tr key={line.id ?? `item-${line.item}`} data-testid="hours-line" data-status={line.status}>
              {props.selectable && (
                <Table.Td>
                  <Checkbox
                    aria-label={t('hours.bulk.select', { line: label })}
                    checked={props.isSelected(line)}
                    onChange={(e) => props.onSelect(line, e.currentTarget.checked)}
                  />
                </Table.Td>
              )}
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{day(line.date)}</Table.Td>
              <Table.Td>{line.member.name}</Table.Td>
              <Table.Td>
                {line.location.name}
                {line.duty ? ` · ${line.duty.name}` : ''}
                {line.comment && (
                  <Text size="xs" c="dimmed" fs="italic" lineClamp={1}>
                    “{line.comment}”
                  </Text>
                )}
              </Table.Td>
              <PlannedCell line={line} />
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {line.from}–{line.until}
                {line.break ? ` · ${t('hours.breakOf', { count: line.break })}` : ''}
              </Table.Td>
              <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {formatMinutes(line.minutes)}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {line.costCents != null ? formatEuro(line.costCents, props.lang) : '–'}
              </Table.Td>
              <Table.Td>
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <Button
                    size="compact-xs"
                    color="green"
                    leftSection={<IconCheck size={14} />}
                    onClick={a.approve}
                    aria-label={`${t('hours.actions.approve')}: ${label}`}
                    data-testid="hours-approve"
                  >
                    {t('hours.actions.approve')}
                  </Button>
                  <Button
                    size="compact-xs"
                    variant="light"
                    color="red"
                    leftSection={<IconX size={14} />}
                    onClick={a.deny}
                    aria-label={`${t('hours.actions.deny')}: ${label}`}
                    data-testid="hours-deny"
                  >
                    {t('hours.actions.deny')}
                  </Button>
                  {line.can.edit && (
                    <Button
                      size="compact-xs"
                      variant="default"
                      px={6}
                      onClick={a.edit}
                      aria-label={`${t('hours.actions.edit')}: ${label}`}
                      data-testid="hours-edit"
                    >
                      <IconPencil size={14} />
                    </Button>
                  )}
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        px={6}
                        aria-label={t('hours.actions.more', { line: label })}
                        data-testid="hours-more"
                      >
                        <IconDots size={14} />
                      </Button>
                    </Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Item
                        leftSection={<IconSignature size={16} />}
                        onClick={a.approveSigned}
                        data-testid="hours-approve-signed"
                      >
                        {t('hours.actions.approveSigned')}
                      </Menu.Item>
                      {line.can.remove && (
                        <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={a.remove}>
                          {t('hours.actions.delete')}
                        </Menu.Item>
                      )}
                    </Menu.Dropdown>
                  </Menu>
                </Group>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

/** The planned times of the line's item, marked when the registered ones differ (none for unplanned hours). */
function PlannedCell({ line }: { line: HoursLine }) {
  const { t } = useTranslation();
  const p = line.planned;
  const differs = p !== null && (p.from !== line.from || p.until !== line.until || p.break !== line.break);
  return (
    <Table.Td style={{ whiteSpace: 'nowrap' }} data-testid="hours-planned" data-differs={differs || undefined}>
      {p ? (
        <>
          {p.from}–{p.until}
          {p.break ? ` · ${t('hours.breakOf', { count: p.break })}` : ''}
          {differs && (
            <Text span size="xs" c="orange.9" fw={600} ml={4}>
              {t('hours.table.differs')}
            </Text>
          )}
        </>
      ) : (
        <Text span size="sm" c="dimmed">
          {t('hours.table.unplanned')}
        </Text>
      )}
    </Table.Td>
  );
}
