import { type DownloadField, type DownloadFormat, REPORT_GROUPS, type ReportGroup } from '@app/contracts';
import { Anchor, Button, Checkbox, Group, Paper, Progress, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ReportBuilderState } from './useReportBuilder';

/** The download: the field picker, one file per employee, client or planning, xlsx or CSV, and a big one's job. */
export function DownloadSection({ b, prefix }: { b: ReportBuilderState; prefix: string }) {
  const { t } = useTranslation();
  const { fields, setFields, fieldsError, setFieldsError, group, setGroup, format, setFormat, job, jobState } = b;
  const o = b.options.data;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={`${prefix}-download-title`}>
      <Title order={3} size="h4" id={`${prefix}-download-title`} mb="sm">
        {t('reports.download.title')}
      </Title>
      <Stack>
        <Checkbox.Group
          label={t('reports.download.fields')}
          value={fields}
          onChange={(v) => {
            setFields(v as DownloadField[]);
            if (v.length) setFieldsError(null);
          }}
          error={fieldsError}
        >
          <Group gap="xs" my={6}>
            <Button size="xs" variant="subtle" onClick={() => setFields([...(o?.fields ?? [])])}>
              {t('reports.download.all')}
            </Button>
            <Button size="xs" variant="subtle" onClick={() => setFields([])}>
              {t('reports.download.none')}
            </Button>
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xs">
            {(o?.fields ?? []).map((f) => (
              <Checkbox key={f} value={f} label={t(`reports.fields.${f}`)} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Group align="flex-start" gap="xl" wrap="wrap">
          <Radio.Group label={t('reports.download.group')} value={group} onChange={(v) => setGroup(v as ReportGroup)}>
            <Group gap="md" mt={6}>
              {REPORT_GROUPS.map((g) => (
                <Radio key={g} value={g} label={t(`reports.groups.${g}`)} />
              ))}
            </Group>
          </Radio.Group>
          <Radio.Group
            label={t('reports.download.format')}
            value={format}
            onChange={(v) => setFormat(v as DownloadFormat)}
          >
            <Group gap="md" mt={6}>
              <Radio value="xlsx" label={t('reports.download.xlsx')} />
              <Radio value="csv" label={t('reports.download.csv')} />
            </Group>
          </Radio.Group>
        </Group>
        <Group>
          <Button
            leftSection={<IconDownload size={16} />}
            onClick={b.startDownload}
            loading={b.downloading.isPending}
            disabled={!b.rangeOk}
          >
            {t('reports.download.button')}
          </Button>
        </Group>
        {job && jobState.data && (
          <Stack gap={6} data-testid="export-job">
            <Text size="sm">{t(`reports.job.${jobState.data.state}`, { count: jobState.data.lines })}</Text>
            <Progress
              value={jobState.data.progress}
              aria-label={t('reports.job.progress')}
              color={jobState.data.state === 'failed' ? 'red' : undefined}
              animated={jobState.data.state !== 'done'}
            />
            {jobState.data.url && (
              <Anchor href={jobState.data.url} download={jobState.data.fileName}>
                {t('reports.job.link', { file: jobState.data.fileName })}
              </Anchor>
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
