import type { ReportKind, ReportPreviewResponse } from '@app/contracts';
import { Badge, Box, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMinutes } from '../../hours/format';
import { ReportTotals } from '../ReportTotals';

/** The preview: the count and hours of the lines the filters take, by status, and the first lines. */
export function PreviewSection({
  kind,
  p,
  prefix,
}: {
  kind: ReportKind;
  p: ReportPreviewResponse | undefined;
  prefix: string;
}) {
  const { t } = useTranslation();
  const statusLabel = (s: string) => t(`reports.status.${s}`);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={`${prefix}-preview-title`}>
      <Title order={3} size="h4" id={`${prefix}-preview-title`} mb="xs">
        {t('reports.preview.title')}
      </Title>
      {p && (
        <Stack gap="sm">
          <ReportTotals kind={kind} preview={p} />
          <Group gap={6}>
            {Object.entries(p.statuses).map(([s, n]) => (
              <Badge key={s} variant="outline" color="gray">
                {statusLabel(s)}: {n}
              </Badge>
            ))}
          </Group>
          {p.lines.length > 0 ? (
            // A focusable region, so keyboard users scroll it too (axe: scrollable-region-focusable).
            <Box
              className="report-preview"
              tabIndex={0}
              role="region"
              aria-label={t('reports.preview.title')}
              style={{ overflow: 'auto', maxHeight: 360 }}
            >
              <Table striped stickyHeader miw={560}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('reports.columns.date')}</Table.Th>
                    <Table.Th>{t('reports.columns.member')}</Table.Th>
                    <Table.Th>{t('reports.columns.location')}</Table.Th>
                    <Table.Th>{t('reports.columns.times')}</Table.Th>
                    <Table.Th>{t('reports.columns.total')}</Table.Th>
                    <Table.Th>{t('reports.columns.status')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {p.lines.map((l) => (
                    <Table.Tr key={l.id}>
                      <Table.Td>{l.date}</Table.Td>
                      <Table.Td>
                        {l.member.id ? (l.member.name ?? t('roster.hiddenName')) : t('reports.openDuty')}
                      </Table.Td>
                      <Table.Td>{l.location.name}</Table.Td>
                      <Table.Td>{l.from && l.until ? `${l.from}–${l.until}` : '—'}</Table.Td>
                      <Table.Td>{formatMinutes(l.minutes)}</Table.Td>
                      <Table.Td>
                        {statusLabel(l.status)}
                        {l.paid ? ` · ${t('reports.paid')}` : ''}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Box>
          ) : (
            <Text c="dimmed">{t('reports.preview.empty')}</Text>
          )}
          {p.total > p.lines.length && (
            <Text size="sm" c="dimmed">
              {t('reports.preview.more', { shown: p.lines.length, count: p.total })}
            </Text>
          )}
        </Stack>
      )}
    </Paper>
  );
}
