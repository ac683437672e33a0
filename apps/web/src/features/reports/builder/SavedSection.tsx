import { Badge, Button, Group, Paper, Select, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReportBuilderState } from './useReportBuilder';

/** The saved reports: pick one, save the current filters (new or over the picked one), delete it. */
export function SavedSection({ b, prefix }: { b: ReportBuilderState; prefix: string }) {
  const { t } = useTranslation();
  const { saved, savedId, open, current, setSaving, remove } = b;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={`${prefix}-saved-title`}>
      <Title order={3} size="h4" id={`${prefix}-saved-title`} mb="sm">
        {t(`${prefix}.saved.title`)}
      </Title>
      <Group align="flex-end" wrap="wrap">
        <Select
          label={t(`${prefix}.saved.pick`)}
          placeholder={t('reports.saved.none')}
          data={(saved.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
          value={savedId}
          onChange={(id) => open(saved.data?.find((s) => s.id === id))}
          clearable
          searchable
          w={260}
          maw="100%"
        />
        <Button
          variant="light"
          onClick={() => setSaving({ name: current?.name ?? '', labels: current?.labels ?? [], asNew: !current })}
        >
          {current ? t('reports.saved.update') : t(`${prefix}.saved.save`)}
        </Button>
        {current && (
          <>
            <Button variant="subtle" onClick={() => setSaving({ name: '', labels: current.labels, asNew: true })}>
              {t('reports.saved.saveAs')}
            </Button>
            <Button variant="subtle" color="red" loading={remove.isPending} onClick={() => remove.mutate(current.id)}>
              {t('reports.saved.delete')}
            </Button>
          </>
        )}
      </Group>
      {current && current.labels.length > 0 && (
        <Group gap={6} mt="sm" aria-label={t('reports.saved.labels')}>
          {current.labels.map((l) => (
            <Badge key={l} variant="light">
              {l}
            </Badge>
          ))}
        </Group>
      )}
    </Paper>
  );
}
