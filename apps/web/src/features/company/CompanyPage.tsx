import { CompanyPageUpdate, type CompanyPage as Page, UPLOAD_MAX_BYTES } from '@app/contracts';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Card,
  FileButton,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconEdit, IconFile, IconTrash, IconUpload } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notify';
import { useLang } from '../../app/useLang';
import { confirmAsync } from '../../ui/confirm';
import { formatDate, formatDateTime } from '../../ui/format';
import { PageTitle } from '../../ui/PageTitle';
import { SettingsForm } from '../settings/SettingsForm';
import { addCompanyFile, companyPageQuery, deleteCompanyFile, keepCompanyPage, saveCompanyPage } from './api';

const SECTIONS = ['about', 'addresses', 'contacts', 'rules'] as const;

const valuesOf = (p: Page) => ({ about: p.about, addresses: p.addresses, contacts: p.contacts, rules: p.rules });

/**
 * The company page (module company, docs/product/company.md): what the company tells its staff — about, addresses,
 * contacts, rules — and its files. Everyone who may open it reads it; owners and managers edit it here.
 */
export default function CompanyPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const page = useQuery(companyPageQuery());
  const [editing, setEditing] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);

  const upload = useMutation({
    mutationFn: (file: File) => addCompanyFile(file),
    meta: { form: { setFieldError: (_path: string, message: string) => setFileError(message) } },
    onSuccess: (p) => {
      keepCompanyPage(p);
      notify('success', t('documents.uploaded'));
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => deleteCompanyFile(id),
    onSuccess: (p) => {
      keepCompanyPage(p);
      notify('success', t('documents.deleted'));
    },
  });

  if (page.isPending)
    return (
      <Stack data-testid="company-loading">
        <Skeleton height={36} width="40%" />
        <Skeleton height={120} />
      </Stack>
    );
  if (page.isError)
    return (
      <Alert color="red" title={t('companyPage.failed')}>
        <Button size="xs" variant="light" color="red" onClick={() => page.refetch()}>
          {t('companyPage.retry')}
        </Button>
      </Alert>
    );
  const data = page.data;
  const empty = SECTIONS.every((s) => !data[s]) && data.files.length === 0;
  const pick = (file: File | null) => {
    if (!file) return;
    if (file.size > UPLOAD_MAX_BYTES) return setFileError(t('documents.errors.tooLarge'));
    setFileError(null);
    upload.mutate(file);
  };
  const ask = async (id: string, name: string) => {
    const yes = await confirmAsync({
      title: t('documents.deleteTitle'),
      message: t('documents.deleteConfirm', { name }),
      confirm: t('documents.deleteYes'),
      danger: true,
    });
    if (yes) remove.mutate(id);
  };

  return (
    <Stack data-testid="company-page" gap={0}>
      <PageTitle
        title={data.name || t('companyPage.title')}
        subtitle={
          data.updatedAt
            ? t('companyPage.updated', { date: formatDateTime(data.updatedAt, lang) })
            : t('companyPage.subtitle')
        }
        right={
          data.mayEdit && !editing ? (
            <Button
              leftSection={<IconEdit size={16} aria-hidden />}
              onClick={() => setEditing(true)}
              data-testid="company-edit"
            >
              {t('companyPage.edit')}
            </Button>
          ) : undefined
        }
      />
      {editing ? (
        <SettingsForm
          schema={CompanyPageUpdate}
          initial={valuesOf(data)}
          save={saveCompanyPage}
          fromSaved={valuesOf}
          onSaved={(saved) => {
            keepCompanyPage(saved);
            setEditing(false);
          }}
          extra={
            <Button variant="default" onClick={() => setEditing(false)} data-testid="company-done">
              {t('companyPage.done')}
            </Button>
          }
          testId="company-form"
        >
          {(form) => (
            <Stack gap="md">
              {SECTIONS.map((s) => (
                <Textarea
                  key={s}
                  label={t(`companyPage.sections.${s}`)}
                  description={t(`companyPage.hints.${s}`)}
                  autosize
                  minRows={3}
                  data-testid={`company-${s}`}
                  {...form.getInputProps(s)}
                />
              ))}
            </Stack>
          )}
        </SettingsForm>
      ) : empty ? (
        <Text c="dimmed" data-testid="company-empty">
          {data.mayEdit ? t('companyPage.emptyEditor') : t('companyPage.empty')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          {SECTIONS.filter((s) => data[s]).map((s) => (
            <Card key={s} withBorder padding="lg" data-testid={`company-section-${s}`}>
              <Title order={2} size="h4" mb="xs">
                {t(`companyPage.sections.${s}`)}
              </Title>
              <Text style={{ whiteSpace: 'pre-line' }}>{data[s]}</Text>
            </Card>
          ))}
        </SimpleGrid>
      )}
      <Card withBorder padding="lg" mt="lg" data-testid="company-files">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4">
            {t('companyPage.files')}
          </Title>
          {data.mayEdit && (
            <FileButton onChange={pick} inputProps={{ 'data-testid': 'company-file-input' } as never}>
              {(props) => (
                <Button
                  {...props}
                  variant="light"
                  size="sm"
                  leftSection={<IconUpload size={16} aria-hidden />}
                  loading={upload.isPending}
                >
                  {t('companyPage.addFile')}
                </Button>
              )}
            </FileButton>
          )}
        </Group>
        {fileError && (
          <Text c="red" size="sm" role="alert" mb="xs">
            {fileError}
          </Text>
        )}
        {data.files.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('companyPage.noFiles')}
          </Text>
        ) : (
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {data.files.map((f) => (
              <Group component="li" key={f.id} gap="sm" wrap="nowrap" data-testid="company-file">
                <IconFile size={18} aria-hidden />
                <Anchor href={f.url} style={{ flex: 1, overflowWrap: 'anywhere' }}>
                  {f.name}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {formatDate(f.date, lang)}
                </Text>
                {f.mayDelete && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('companyPage.deleteFile', { name: f.name })}
                    onClick={() => ask(f.id, f.name)}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                )}
              </Group>
            ))}
          </Stack>
        )}
      </Card>
    </Stack>
  );
}
