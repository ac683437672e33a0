import { Alert, Button, Checkbox, Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** One proposed assignment (or a duty left open) as the planner chooses from it. */
export interface ProposalRow {
  key: string;
  /** The day and duty. */
  what: string;
  who: string;
  why: string;
  /** Kept duties and duties left open are shown, not chosen. */
  selectable: boolean;
}

/**
 * The choice of a proposal, shared by the matching wizard and auto-roster: accept all or none, one checkbox per
 * change with its reasons, and apply the chosen ones.
 */
export function ProposalChoice({
  rows,
  accepted,
  onAcceptedChange,
  onApply,
  applying,
  tableTestId,
  applyTestId,
}: {
  rows: ProposalRow[];
  accepted: ReadonlySet<string>;
  onAcceptedChange: (next: Set<string>) => void;
  onApply: () => void;
  applying: boolean;
  tableTestId?: string;
  applyTestId: string;
}) {
  const { t } = useTranslation();
  const selectable = rows.filter((r) => r.selectable);
  const toggle = (key: string, on: boolean) => {
    const next = new Set(accepted);
    if (on) next.add(key);
    else next.delete(key);
    onAcceptedChange(next);
  };
  return (
    <>
      {selectable.length > 0 && (
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => onAcceptedChange(new Set(selectable.map((r) => r.key)))}>
            {t('roster.matching.acceptAll')}
          </Button>
          <Button size="xs" variant="default" onClick={() => onAcceptedChange(new Set())}>
            {t('roster.matching.acceptNone')}
          </Button>
        </Group>
      )}
      <ScrollArea.Autosize mah={320} type="auto" viewportProps={{ tabIndex: 0 }}>
        <Table striped withTableBorder fz="sm" data-testid={tableTestId}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('roster.matching.accept')}</Table.Th>
              <Table.Th>{t('roster.matching.duty')}</Table.Th>
              <Table.Th>{t('roster.matching.who')}</Table.Th>
              <Table.Th>{t('roster.matching.why')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.key}>
                <Table.Td>
                  {r.selectable && (
                    <Checkbox
                      aria-label={t('roster.matching.acceptNamed', { name: r.who, what: r.what })}
                      checked={accepted.has(r.key)}
                      onChange={(ev) => toggle(r.key, ev.currentTarget.checked)}
                    />
                  )}
                </Table.Td>
                <Table.Td>{r.what}</Table.Td>
                <Table.Td>{r.who}</Table.Td>
                <Table.Td>{r.why}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      <Group justify="flex-end">
        <Button onClick={onApply} loading={applying} disabled={accepted.size === 0} data-testid={applyTestId}>
          {t('roster.matching.apply', { count: accepted.size })}
        </Button>
      </Group>
    </>
  );
}

/** The assignments the server refused on apply, each with its reason. */
export function ProposalConflicts({ lines }: { lines: { key: string; text: string }[] }) {
  const { t } = useTranslation();
  if (lines.length === 0) return null;
  return (
    <Alert color="red" variant="light" title={t('roster.matching.conflicts')}>
      <Stack gap={2}>
        {lines.map((l) => (
          <Text key={l.key} size="sm" c="dark.7">
            {l.text}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}
