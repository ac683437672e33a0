import type { HoursLine, TimesheetTab } from '@app/contracts';
import { Alert, Badge, Button, Checkbox, Group, Menu, Paper, Stack, Text } from '@mantine/core';
import { IconCheck, IconDots, IconPencil, IconSignature, IconTrash, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatWeekdayDate } from '../../../ui/format';
import { formatEuro, formatMinutes } from '../format';

const STATUS_COLOR: Record<string, string> = { open: 'gray', pending: 'yellow', approved: 'green', denied: 'red' };

export interface CardActions {
  register: () => void;
  asPlanned: () => void;
  edit: () => void;
  remove: () => void;
  approve: () => void;
  approveSigned: () => void;
  deny: () => void;
  reopen: () => void;
  sign: () => void;
  confirm: () => void;
  billed: (on: boolean) => void;
}

/** One line as a card, with the buttons its abilities allow. */
export function HoursCard({
  line,
  tab,
  lang,
  me,
  selectable,
  selected,
  onSelect,
  actions,
}: {
  line: HoursLine;
  tab: TimesheetTab;
  lang: string;
  me: string;
  selectable: boolean;
  selected: boolean;
  onSelect: (on: boolean) => void;
  actions: CardActions;
}) {
  const { t } = useTranslation();
  const day = formatWeekdayDate(line.date, lang);
  const isOpen = line.status === 'open';
  // What may be done with the line is the server's answer (`can`, the domain's hoursAbilitiesOf); the tab only
  // chooses where an action shows (signing is the unsigned tab's main button, elsewhere in the menu).
  const { can } = line;
  const decidable = can.approve && can.deny;
  const signHere = tab === 'unsigned';
  const label = `${day} · ${line.member.name}`;
  return (
    <li className="hours-card" data-testid="hours-line" data-status={line.status}>
      <Paper withBorder p="sm" radius="md">
        <Group align="flex-start" wrap="nowrap" gap="sm">
          {selectable && (
            <Checkbox
              mt={4}
              aria-label={t('hours.bulk.select', { line: label })}
              checked={selected}
              onChange={(e) => onSelect(e.currentTarget.checked)}
            />
          )}
          <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text fw={600} truncate>
                {day}
                {line.member.id !== me ? ` · ${line.member.name}` : ''}
              </Text>
              <Badge color={STATUS_COLOR[line.status]} variant="light" data-testid="hours-status">
                {t(`hours.status.${line.status}`)}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {line.location.name}
              {line.duty ? ` · ${line.duty.name}` : ''}
              {line.costCentre ? ` · ${line.costCentre.name}` : ''}
            </Text>
            <Text size="sm">
              {isOpen ? t('hours.planned', { from: line.from, until: line.until }) : `${line.from}–${line.until}`}
              {line.break ? ` · ${t('hours.breakOf', { count: line.break })}` : ''}
              {!isOpen && <strong>{` · ${formatMinutes(line.minutes)}`}</strong>}
              {line.costCents != null && !isOpen ? ` · ${formatEuro(line.costCents, lang)}` : ''}
            </Text>
            {!isOpen && line.planned && (line.planned.from !== line.from || line.planned.until !== line.until) && (
              <Text size="xs" c="dimmed">
                {t('hours.planned', { from: line.planned.from, until: line.planned.until })}
              </Text>
            )}
            {(line.expensesCents || line.travelKm) && (
              <Text size="xs">
                {line.expensesCents ? t('hours.expensesOf', { amount: formatEuro(line.expensesCents, lang) }) : ''}
                {line.expensesCents && line.travelKm ? ' · ' : ''}
                {line.travelKm
                  ? t('hours.travelOf', { km: line.travelKm, role: t(`hours.travel.${line.travelRole ?? 'driver'}`) })
                  : ''}
              </Text>
            )}
            {line.comment && (
              <Text size="xs" c="dimmed" fs="italic">
                “{line.comment}”
              </Text>
            )}
            {line.status === 'denied' && line.denialMessage && (
              <Alert color="red" p="xs" data-testid="hours-denial">
                <Text size="sm">{line.denialMessage}</Text>
              </Alert>
            )}
            {line.status === 'approved' && (
              <Text size="xs" c="dimmed">
                {line.approvedBy ? t('hours.approvedBy', { name: line.approvedBy }) : ''}
                {line.signed ? ` · ${t('hours.signedBy', { name: line.signeeName ?? '' })}` : ''}
                {line.billed ? ` · ${t('hours.billed')}` : ''}
              </Text>
            )}
            <Group gap="xs" mt={4} wrap="wrap">
              {isOpen && tab === 'register' && (
                <>
                  <Button size="xs" onClick={actions.register} data-testid="hours-register">
                    {t('hours.actions.register')}
                  </Button>
                  <Button size="xs" variant="light" onClick={actions.asPlanned} data-testid="hours-as-planned">
                    {t('hours.actions.asPlanned')}
                  </Button>
                </>
              )}
              {isOpen && tab === 'confirm' && (
                <Button size="xs" onClick={actions.confirm} leftSection={<IconCheck size={14} />}>
                  {t('hours.actions.confirm')}
                </Button>
              )}
              {signHere && can.sign && (
                <Button
                  size="xs"
                  leftSection={<IconSignature size={14} />}
                  onClick={actions.sign}
                  data-testid="hours-sign"
                >
                  {t('hours.actions.sign')}
                </Button>
              )}
              {decidable && (
                <>
                  <Button
                    size="xs"
                    color="green"
                    leftSection={<IconCheck size={14} />}
                    onClick={actions.approve}
                    data-testid="hours-approve"
                  >
                    {t('hours.actions.approve')}
                  </Button>
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    leftSection={<IconX size={14} />}
                    onClick={actions.deny}
                    data-testid="hours-deny"
                  >
                    {t('hours.actions.deny')}
                  </Button>
                </>
              )}
              {can.edit && (
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconPencil size={14} />}
                  onClick={actions.edit}
                  data-testid="hours-edit"
                >
                  {t('hours.actions.edit')}
                </Button>
              )}
              {(can.remove || decidable || (can.sign && !signHere) || can.reopen || can.bill) && (
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <Button
                      size="xs"
                      variant="subtle"
                      px={6}
                      aria-label={t('hours.actions.more', { line: label })}
                      data-testid="hours-more"
                    >
                      <IconDots size={16} />
                    </Button>
                  </Menu.Target>
                  <Menu.Dropdown>
                    {decidable && (
                      <Menu.Item
                        leftSection={<IconSignature size={16} />}
                        onClick={actions.approveSigned}
                        data-testid="hours-approve-signed"
                      >
                        {t('hours.actions.approveSigned')}
                      </Menu.Item>
                    )}
                    {can.sign && !signHere && (
                      <Menu.Item leftSection={<IconSignature size={16} />} onClick={actions.sign}>
                        {t('hours.actions.sign')}
                      </Menu.Item>
                    )}
                    {can.reopen && <Menu.Item onClick={actions.reopen}>{t('hours.actions.reopen')}</Menu.Item>}
                    {can.bill && (
                      <Menu.Item onClick={() => actions.billed(!line.billed)}>
                        {t(line.billed ? 'hours.actions.unbilled' : 'hours.actions.billed')}
                      </Menu.Item>
                    )}
                    {can.remove && (
                      <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={actions.remove}>
                        {t('hours.actions.delete')}
                      </Menu.Item>
                    )}
                  </Menu.Dropdown>
                </Menu>
              )}
            </Group>
          </Stack>
        </Group>
      </Paper>
    </li>
  );
}
