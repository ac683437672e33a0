import { type PayslipPage, type PayslipRun, UPLOAD_MAX_BYTES } from '@app/contracts';
import { addMonths, mayFileHrDocuments, memberFromInit, todayIn } from '@app/domain';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  FileInput,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notify } from '../../app/notify';
import { serverNow } from '../../app/serverClock';
import { useSession } from '../../app/session';
import { formatMonth } from '../../ui/format';
import { PageTitle } from '../../ui/PageTitle';
import { useLang, usePathTo } from '../../ui/useLang';
import { documentKeys, documentsQuery, ownersQuery, runPayslips, splitPayslips } from './api';
import { PayslipMonths } from './PayslipMonths';

/**
 * Payslips (docs/product/documents.md, "Payslips"): everyone's own payslips, newest first; owners and managers send
 * the payroll office's PDF, check whose payslip each page was read to be, assign the rest by hand, then file them.
 */
export default function PayslipsPage() {
  const { t } = useTranslation();
  const init = useSession();
  const pathTo = usePathTo();
  const queryClient = useQueryClient();
  const me = init.membership.id;
  const file = useQuery(documentsQuery(me));
  const mine = (file.data?.documents ?? []).filter((d) => d.folder === 'payslips');
  const manager = mayFileHrDocuments(memberFromInit(init));

  return (
    <Stack gap="lg" data-testid="payslips-page">
      <PageTitle title={t('payslips.title')} subtitle={t('payslips.subtitle')} />
      {manager && <SendPayslips onFiled={() => void queryClient.invalidateQueries({ queryKey: documentKeys.all })} />}
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="payslips-mine">
        <Title order={2} size="h4" id="payslips-mine" mb="sm">
          {t('payslips.mine')}
        </Title>
        {file.isPending ? (
          <Skeleton height={80} radius="md" />
        ) : file.isError ? (
          <Alert color="red" title={t('documents.failed')}>
            <Button size="xs" variant="light" color="red" onClick={() => file.refetch()}>
              {t('documents.retry')}
            </Button>
          </Alert>
        ) : mine.length === 0 ? (
          <Text c="dimmed" size="sm" data-testid="payslips-none">
            {t('payslips.none')}
          </Text>
        ) : (
          <PayslipMonths
            files={mine}
            onChanged={() => void queryClient.invalidateQueries({ queryKey: documentKeys.all })}
            testId="payslips-mine-list"
          />
        )}
        <Anchor component={Link} to={pathTo('documents', { type: 'payslips' })} size="sm" mt="sm" display="block">
          {t('payslips.folder')}
        </Anchor>
      </Paper>
    </Stack>
  );
}

/** The months a run may be for: a year back and the next month, newest first, from the server's today. */
function useMonths() {
  const init = useSession();
  const lang = useLang();
  return useMemo(() => {
    const first = `${todayIn(init.account.settings.timeZone, serverNow()).slice(0, 7)}-01`;
    return Array.from({ length: 14 }, (_, i) => addMonths(first, 1 - i)).map((d) => ({
      value: d.slice(0, 7),
      label: formatMonth(d, lang),
    }));
  }, [init.account.settings.timeZone, lang]);
}

type Assigned = Record<number, string | null>;

/** The run: pick the month and the PDF, read it, check and complete the assignments, file. */
function SendPayslips({ onFiled }: { onFiled: () => void }) {
  const { t } = useTranslation();
  const months = useMonths();
  const owners = useQuery(ownersQuery);
  const [month, setMonth] = useState(months[1].value);
  const [pdf, setPdf] = useState<File | null>(null);
  const [pages, setPages] = useState<PayslipPage[] | null>(null);
  const [assigned, setAssigned] = useState<Assigned>({});
  const [result, setResult] = useState<PayslipRun | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const meta = {
    form: { setFieldError: (path: string, message: string) => setErrors((e) => ({ ...e, [path]: message })) },
  };
  const read = useMutation({
    mutationFn: (chosen: File) => splitPayslips(chosen),
    meta,
    onSuccess: (split) => {
      setPages(split.pages);
      setAssigned(Object.fromEntries(split.pages.map((p) => [p.page, p.membershipId])));
    },
  });
  const run = useMutation({
    mutationFn: ({ chosen, assignments }: { chosen: File; assignments: { page: number; membershipId: string }[] }) =>
      runPayslips(chosen, month, assignments),
    meta,
    onSuccess: (done) => {
      notify('success', t('payslips.filed', { count: done.filed.length }));
      setResult(done);
      setPages(null);
      onFiled();
    },
  });
  const restart = () => {
    setPdf(null);
    setPages(null);
    setResult(null);
    setErrors({});
  };
  const submitRead = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setResult(null);
    if (!pdf) return setErrors({ file: t('validation.required') });
    if (pdf.size > UPLOAD_MAX_BYTES) return setErrors({ file: t('documents.errors.tooLarge') });
    read.mutate(pdf);
  };
  const assignments = Object.entries(assigned).flatMap(([page, id]) =>
    id ? [{ page: Number(page), membershipId: id }] : [],
  );
  const people = (owners.data?.members ?? []).map((m) => ({ value: m.id, label: m.name }));
  const matched = (pages ?? []).filter((p) => p.membershipId).length;

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="payslips-send">
      <Title order={2} size="h4" id="payslips-send">
        {t('payslips.send')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('payslips.intro')}
      </Text>
      {!pages && (
        <form onSubmit={submitRead} noValidate>
          <Group align="flex-start" wrap="wrap">
            <Select
              label={t('payslips.month')}
              data={months}
              value={month}
              onChange={(v) => v && setMonth(v)}
              allowDeselect={false}
              error={errors.month}
              w={{ base: '100%', xs: 220 }}
              data-testid="payslips-month"
            />
            <FileInput
              label={t('payslips.file')}
              placeholder={t('documents.choose')}
              description={t('documents.payslipHint')}
              accept="application/pdf"
              value={pdf}
              onChange={setPdf}
              leftSection={<IconUpload size={16} aria-hidden />}
              error={errors.file}
              required
              w={{ base: '100%', xs: 320 }}
              fileInputProps={{ 'data-testid': 'payslips-file' } as never}
            />
          </Group>
          <Button type="submit" mt="md" loading={read.isPending} data-testid="payslips-read">
            {t('payslips.read')}
          </Button>
        </form>
      )}
      {pages && pdf && (
        <Stack>
          <Text size="sm" data-testid="payslips-summary">
            {t('payslips.summary', { matched, count: pages.length })}{' '}
            {matched < pages.length ? t('payslips.unmatchedHint') : ''}
          </Text>
          <Table.ScrollContainer minWidth={620}>
            <Table striped verticalSpacing="xs" data-testid="payslips-pages">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('payslips.page')}</Table.Th>
                  <Table.Th>{t('payslips.text')}</Table.Th>
                  <Table.Th>{t('payslips.employee')}</Table.Th>
                  <Table.Th>{t('payslips.match')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {pages.map((p) => {
                  const chosen = assigned[p.page] ?? null;
                  const how =
                    chosen === null
                      ? 'none'
                      : chosen === p.membershipId
                        ? p.by === 'number'
                          ? 'byNumber'
                          : 'byName'
                        : 'byHand';
                  return (
                    <Table.Tr key={p.page} data-testid={`payslips-page-${p.page}`}>
                      <Table.Td>{p.page}</Table.Td>
                      <Table.Td>
                        <Text size="sm" lineClamp={2} maw={320}>
                          {p.excerpt}
                        </Text>
                      </Table.Td>
                      <Table.Td miw={200}>
                        <Select
                          aria-label={t('payslips.employeeOf', { page: p.page })}
                          data={people}
                          value={chosen}
                          onChange={(v) => setAssigned((a) => ({ ...a, [p.page]: v }))}
                          placeholder={t('payslips.notFiled')}
                          searchable
                          clearable
                          size="xs"
                          data-testid={`payslips-assign-${p.page}`}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Badge color="gray.8" variant={how === 'none' ? 'outline' : 'light'}>
                          {t(`payslips.how.${how}`)}
                        </Badge>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {errors.assignments && (
            <Text size="sm" c="red.9" role="alert">
              {errors.assignments}
            </Text>
          )}
          <Group>
            <Button
              onClick={() => run.mutate({ chosen: pdf, assignments })}
              disabled={assignments.length === 0}
              loading={run.isPending}
              data-testid="payslips-file-them"
            >
              {t('payslips.fileThem', { count: assignments.length })}
            </Button>
            <Button variant="default" onClick={restart}>
              {t('payslips.restart')}
            </Button>
          </Group>
        </Stack>
      )}
      {result && (
        <Alert
          color="green"
          mt="md"
          data-testid="payslips-result"
          title={t('payslips.filed', { count: result.filed.length })}
        >
          {result.unfiled.length > 0 && (
            <Text size="sm">{t('payslips.left', { pages: result.unfiled.map((p) => p.page).join(', ') })}</Text>
          )}
        </Alert>
      )}
    </Paper>
  );
}
