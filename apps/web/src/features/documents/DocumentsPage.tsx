import { DOCUMENT_FOLDERS, type DocumentFolder, DocumentFolder as Folder } from '@app/contracts';
import { acceptOf, allowanceOfFolder, hasModule, mayFileHrDocuments, memberFromInit } from '@app/domain';
import { Alert, Anchor, Button, Group, Paper, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconFilePlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { useAccess, useSession } from '../../app/session';
import { PageTitle } from '../../ui/PageTitle';
import { usePathTo } from '../../ui/useLang';
import { AddDocumentDialog } from './AddDocumentDialog';
import { documentKeys, documentsQuery, ownersQuery } from './api';
import { FileList } from './FileList';
import { UploadButton } from './UploadButton';

/**
 * The documents of a member's file by folder (docs/product/documents.md): a member's own; owners and managers pick a
 * member and add or delete HR documents there. `documents/{type}` opens one folder.
 */
export default function DocumentsPage() {
  const { t } = useTranslation();
  const init = useSession();
  const pathTo = usePathTo();
  const queryClient = useQueryClient();
  const { type } = useParams();
  const folder: DocumentFolder | null = Folder.safeParse(type).success ? (type as DocumentFolder) : null;
  const [search, setSearch] = useSearchParams();
  const me = init.membership.id;
  const memberId = search.get('member') ?? me;
  const manager = mayFileHrDocuments(memberFromInit(init));
  const payslipsOn = hasModule(useAccess(), 'payslips');
  const owners = useQuery({ ...ownersQuery, enabled: manager });
  const file = useQuery(documentsQuery(memberId));
  const [adding, setAdding] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: documentKeys.all });
  const query = memberId === me ? '' : `?member=${memberId}`;
  const shown = (file.data?.documents ?? []).filter((d) => folder === null || d.folder === folder);
  const countIn = (f: DocumentFolder) => (file.data?.documents ?? []).filter((d) => d.folder === f).length;

  return (
    <Stack gap={0} data-testid="documents-page">
      <PageTitle
        title={t('documents.title')}
        subtitle={t('documents.subtitle')}
        right={
          manager && owners.data && owners.data.members.length > 1 ? (
            <Select
              label={t('documents.member')}
              data={owners.data.members.map((m) => ({ value: m.id, label: m.name }))}
              value={memberId}
              onChange={(v) => {
                if (!v) return;
                setSearch(v === me ? {} : { member: v });
              }}
              searchable
              allowDeselect={false}
              w={{ base: '100%', xs: 280 }}
              data-testid="documents-member"
            />
          ) : undefined
        }
      />
      <nav aria-label={t('documents.folders')}>
        <Group gap="xs" mb="lg" wrap="wrap">
          {[null, ...DOCUMENT_FOLDERS].map((f) => {
            const current = f === folder;
            return (
              <Button
                key={f ?? 'all'}
                component={Link}
                to={`${pathTo('documents', f ? { type: f } : {})}${query}`}
                variant={current ? 'filled' : 'default'}
                size="xs"
                aria-current={current ? 'page' : undefined}
                data-testid={`folder-${f ?? 'all'}`}
              >
                {f ? t(`documents.folder.${f}`) : t('documents.allFolders')}
                {f && file.data && countIn(f) > 0 ? ` (${countIn(f)})` : ''}
              </Button>
            );
          })}
        </Group>
      </nav>
      {payslipsOn && (
        <Anchor component={Link} to={pathTo('payslips')} size="sm" mb="md" data-testid="documents-payslips">
          {t('payslips.open')}
        </Anchor>
      )}
      {file.isPending ? (
        <Skeleton height={200} radius="md" data-testid="documents-loading" />
      ) : file.isError || !file.data ? (
        <Alert color="red" title={t('documents.failed')}>
          <Button size="xs" variant="light" color="red" onClick={() => file.refetch()}>
            {t('documents.retry')}
          </Button>
        </Alert>
      ) : (
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="documents-folder-title">
          <Group justify="space-between" mb="md" wrap="wrap" gap="xs">
            <Stack gap={0}>
              <Title order={2} size="h4" id="documents-folder-title">
                {file.data.own ? '' : `${file.data.name}: `}
                {folder ? t(`documents.folder.${folder}`) : t('documents.allFolders')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('documents.count', { count: shown.length })}
              </Text>
            </Stack>
            {file.data.mayUpload && (folder === null || folder === 'uploads') && (
              <UploadButton
                membershipId={memberId}
                upload={{ key: 'uploads', hr: false }}
                label={t('documents.upload')}
                accept={acceptOf(allowanceOfFolder('uploads'))}
                onUploaded={refresh}
                onError={setProblem}
                testId="documents-upload"
              />
            )}
            {file.data.mayAddHr && (
              <Button
                leftSection={<IconFilePlus size={16} aria-hidden />}
                onClick={() => setAdding(true)}
                data-testid="documents-add"
              >
                {t('documents.add')}
              </Button>
            )}
          </Group>
          {problem && (
            <Text size="sm" c="red.9" role="alert" mb="sm">
              {problem}
            </Text>
          )}
          {!file.data.own && init.membership.managerLimited && (
            <Text size="sm" c="dimmed" mb="sm" data-testid="documents-only-own">
              {t('documents.onlyOwn')}
            </Text>
          )}
          {shown.length === 0 ? (
            <Text c="dimmed" size="sm" data-testid="documents-empty">
              {file.data.mayUpload
                ? t('documents.emptyOwn')
                : file.data.mayAddHr
                  ? t('documents.emptyManaged')
                  : t('documents.empty')}
            </Text>
          ) : (
            <FileList files={shown} onChanged={refresh} testId="documents-list" />
          )}
        </Paper>
      )}
      {file.data?.mayAddHr && (
        <AddDocumentDialog
          key={`${memberId}-${folder ?? ''}`}
          opened={adding}
          onClose={() => setAdding(false)}
          membershipId={memberId}
          name={file.data.name}
          folder={folder}
          onAdded={refresh}
        />
      )}
    </Stack>
  );
}
