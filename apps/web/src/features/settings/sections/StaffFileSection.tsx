import {
  PROFILE_FIELD_TYPES,
  type ProfileField,
  type ProfileFieldType,
  type ProfileSection,
  type ProfileTemplate,
} from '@app/contracts';
import { profileField } from '@app/domain';
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  Stack,
  Switch,
  Table,
  Textarea,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconFilter, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../app/notify';
import { useLang } from '../../../app/useLang';
import { profileTemplateKey, profileTemplateQuery, saveProfileTemplate } from '../../profile/staffFile/api';
import { fieldLabel, sectionName } from '../../profile/staffFile/words';
import { ConditionDialog } from './ConditionDialog';
import { SectionSkeleton } from './Loading';
import '../../profile/staffFile/staffFile.css';

const newId = (prefix: string) => `${prefix}_${Math.random().toString(36).slice(2, 8)}`;

const move = <T,>(list: T[], from: number, by: -1 | 1): T[] => {
  const to = from + by;
  if (to < 0 || to >= list.length) return list;
  const next = [...list];
  [next[from], next[to]] = [next[to], next[from]];
  return next;
};

/**
 * The staff file's template (docs/product/profiles.md): sections and fields in order, each field's kind, width, who
 * must fill it and what the member may do with it. Words are edited in the page's language; the other languages
 * keep theirs.
 */
export default function StaffFileSection() {
  const template = useQuery(profileTemplateQuery);
  if (!template.data) return <SectionSkeleton />;
  return <Editor key={JSON.stringify(template.data)} stored={template.data} />;
}

function Editor({ stored }: { stored: ProfileTemplate }) {
  const { t } = useTranslation();
  const lang = useLang();
  const queryClient = useQueryClient();
  const [sections, setSections] = useState(stored.sections);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [conditionsOf, setConditionsOf] = useState<{ si: number; fi: number } | null>(null);
  /** The errors below one field's path, by the rest of the path ("if.field"). */
  const errorsBelow = (at: string) =>
    Object.fromEntries(
      Object.entries(errors)
        .filter(([path]) => path.startsWith(`${at}.`))
        .map(([path, e]) => [path.slice(at.length + 1), e]),
    );
  const dirty = JSON.stringify(sections) !== JSON.stringify(stored.sections);
  const save = useMutation({
    mutationFn: () => saveProfileTemplate({ sections }),
    meta: { form: { setFieldError: (path: string, error: string) => setErrors((e) => ({ ...e, [path]: error })) } },
    onSuccess: (next) => {
      queryClient.setQueryData(profileTemplateKey, next);
      notify('success', t('staffFileTemplate.saved'));
    },
  });
  const setSection = (i: number, change: Partial<ProfileSection>) =>
    setSections((all) => all.map((s, j) => (j === i ? { ...s, ...change } : s)));
  const setField = (si: number, fi: number, change: Partial<ProfileField>) =>
    setSection(si, { fields: sections[si].fields.map((f, j) => (j === fi ? { ...f, ...change } : f)) });
  const addSection = () =>
    setSections((all) => [
      ...all,
      {
        id: newId('section'),
        name: { [lang]: t('staffFileTemplate.newSection') },
        note: {},
        hidden: false,
        fields: [],
      },
    ]);
  const addField = (si: number) =>
    setSection(si, {
      fields: [
        ...sections[si].fields,
        profileField({ id: newId('field'), label: { [lang]: t('staffFileTemplate.newField') } }),
      ],
    });
  const typeLabels = PROFILE_FIELD_TYPES.map((type) => ({ value: type, label: t(`staffFileTemplate.type.${type}`) }));

  return (
    <Stack gap="md" data-testid="staff-file-template" pb={dirty ? 80 : 0}>
      {sections.map((section, si) => (
        <Paper
          key={section.id}
          withBorder
          p="md"
          radius="md"
          component="section"
          aria-label={sectionName(section, lang, t)}
          data-testid="template-section"
        >
          <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
            <TextInput
              label={t('staffFileTemplate.sectionName')}
              value={sectionName(section, lang, t)}
              onChange={(e) => setSection(si, { name: { ...section.name, [lang]: e.currentTarget.value } })}
              error={errors[`sections.${si}.id`] && t(errors[`sections.${si}.id`])}
              style={{ flex: 1, minWidth: 200 }}
            />
            <Group gap={4}>
              <Switch
                label={t('staffFileTemplate.hidden')}
                checked={section.hidden}
                onChange={(e) => setSection(si, { hidden: e.currentTarget.checked })}
                mr="sm"
              />
              <ActionIcon
                variant="default"
                aria-label={t('staffFileTemplate.up')}
                disabled={si === 0}
                onClick={() => setSections((all) => move(all, si, -1))}
              >
                <IconArrowUp size={16} aria-hidden />
              </ActionIcon>
              <ActionIcon
                variant="default"
                aria-label={t('staffFileTemplate.down')}
                disabled={si === sections.length - 1}
                onClick={() => setSections((all) => move(all, si, 1))}
              >
                <IconArrowDown size={16} aria-hidden />
              </ActionIcon>
              <ActionIcon
                variant="default"
                color="red.9"
                aria-label={t('staffFileTemplate.removeSection')}
                onClick={() => setSections((all) => all.filter((_, j) => j !== si))}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Group>
          </Group>
          <Table.ScrollContainer minWidth={920} mt="sm">
            <Table verticalSpacing={6} striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('staffFileTemplate.label')}</Table.Th>
                  <Table.Th>{t('staffFileTemplate.kind')}</Table.Th>
                  <Table.Th>{t('staffFileTemplate.requiredEmployer')}</Table.Th>
                  <Table.Th>{t('staffFileTemplate.requiredEmployee')}</Table.Th>
                  <Table.Th>{t('staffFileTemplate.memberSees')}</Table.Th>
                  <Table.Th>{t('staffFileTemplate.memberChanges')}</Table.Th>
                  <Table.Th>{t('staffFileTemplate.conditions.column')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('staffFileTemplate.order')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {section.fields.map((field, fi) => {
                  const at = `sections.${si}.fields.${fi}`;
                  const name = fieldLabel(field, lang, t);
                  const choice = field.type === 'select' || field.type === 'radio';
                  return (
                    <Table.Tr key={field.id} data-testid="template-field">
                      <Table.Td>
                        <Stack gap={4}>
                          <TextInput
                            aria-label={t('staffFileTemplate.label')}
                            size="xs"
                            value={name}
                            disabled={field.key !== null}
                            onChange={(e) =>
                              setField(si, fi, { label: { ...field.label, [lang]: e.currentTarget.value } })
                            }
                            error={errors[`${at}.id`] && t(errors[`${at}.id`])}
                          />
                          {choice && (
                            <Textarea
                              size="xs"
                              autosize
                              minRows={2}
                              label={t('staffFileTemplate.options')}
                              description={t('staffFileTemplate.optionsHint')}
                              value={field.options.map((o) => o.label[lang as 'en'] ?? o.value).join('\n')}
                              error={errors[`${at}.options`] && t(errors[`${at}.options`])}
                              onChange={(e) =>
                                setField(si, fi, {
                                  options: e.currentTarget.value
                                    .split('\n')
                                    .map((line) => line.trim())
                                    .filter(Boolean)
                                    .map((line) => ({ value: line.slice(0, 100), label: { [lang]: line } })),
                                })
                              }
                            />
                          )}
                        </Stack>
                      </Table.Td>
                      <Table.Td>
                        <Select
                          aria-label={t('staffFileTemplate.kindOf', { name })}
                          size="xs"
                          data={typeLabels}
                          value={field.type}
                          allowDeselect={false}
                          disabled={field.key !== null}
                          onChange={(v) => v && setField(si, fi, { type: v as ProfileFieldType })}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Checkbox
                          aria-label={t('staffFileTemplate.requiredEmployerOf', { name })}
                          checked={field.required.employer}
                          onChange={(e) =>
                            setField(si, fi, { required: { ...field.required, employer: e.currentTarget.checked } })
                          }
                        />
                      </Table.Td>
                      <Table.Td>
                        <Checkbox
                          aria-label={t('staffFileTemplate.requiredEmployeeOf', { name })}
                          checked={field.required.employee}
                          onChange={(e) =>
                            setField(si, fi, { required: { ...field.required, employee: e.currentTarget.checked } })
                          }
                        />
                      </Table.Td>
                      <Table.Td>
                        <Checkbox
                          aria-label={t('staffFileTemplate.memberSeesOf', { name })}
                          checked={field.rights.read}
                          onChange={(e) =>
                            setField(si, fi, { rights: { ...field.rights, read: e.currentTarget.checked } })
                          }
                        />
                      </Table.Td>
                      <Table.Td>
                        <Checkbox
                          aria-label={t('staffFileTemplate.memberChangesOf', { name })}
                          checked={field.rights.create && field.rights.update}
                          onChange={(e) =>
                            setField(si, fi, {
                              rights: {
                                ...field.rights,
                                create: e.currentTarget.checked,
                                update: e.currentTarget.checked,
                              },
                            })
                          }
                        />
                      </Table.Td>
                      <Table.Td>
                        <Button
                          size="compact-xs"
                          variant={field.if || field.requiredIf ? 'light' : 'subtle'}
                          color={
                            errors[`${at}.if.field`] ||
                            errors[`${at}.if.value`] ||
                            errors[`${at}.requiredIf.field`] ||
                            errors[`${at}.requiredIf.value`]
                              ? 'red.9'
                              : undefined
                          }
                          leftSection={<IconFilter size={14} aria-hidden />}
                          aria-label={t('staffFileTemplate.conditions.of', {
                            name,
                            count: (field.if ? 1 : 0) + (field.requiredIf ? 1 : 0),
                          })}
                          onClick={() => setConditionsOf({ si, fi })}
                          data-testid="template-conditions"
                        >
                          {t('staffFileTemplate.conditions.count', {
                            count: (field.if ? 1 : 0) + (field.requiredIf ? 1 : 0),
                          })}
                        </Button>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <ActionIcon
                            variant="subtle"
                            aria-label={t('staffFileTemplate.upOf', { name })}
                            disabled={fi === 0}
                            onClick={() => setSection(si, { fields: move(section.fields, fi, -1) })}
                          >
                            <IconArrowUp size={16} aria-hidden />
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            aria-label={t('staffFileTemplate.downOf', { name })}
                            disabled={fi === section.fields.length - 1}
                            onClick={() => setSection(si, { fields: move(section.fields, fi, 1) })}
                          >
                            <IconArrowDown size={16} aria-hidden />
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            color="red.9"
                            aria-label={t('staffFileTemplate.removeOf', { name })}
                            onClick={() => setSection(si, { fields: section.fields.filter((_, j) => j !== fi) })}
                          >
                            <IconTrash size={16} aria-hidden />
                          </ActionIcon>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Button
            mt="sm"
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => addField(si)}
            data-testid="template-add-field"
          >
            {t('staffFileTemplate.addField')}
          </Button>
        </Paper>
      ))}
      {conditionsOf && sections[conditionsOf.si]?.fields[conditionsOf.fi] && (
        <ConditionDialog
          field={sections[conditionsOf.si].fields[conditionsOf.fi]}
          template={{ sections }}
          errors={errorsBelow(`sections.${conditionsOf.si}.fields.${conditionsOf.fi}`)}
          onClose={() => setConditionsOf(null)}
          onApply={(change) => {
            setField(conditionsOf.si, conditionsOf.fi, change);
            setConditionsOf(null);
          }}
        />
      )}
      <Group>
        <Button variant="default" leftSection={<IconPlus size={14} aria-hidden />} onClick={addSection}>
          {t('staffFileTemplate.addSection')}
        </Button>
      </Group>
      {dirty && (
        <Paper className="staff-file-savebar" p="sm" data-testid="template-save-bar">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Title order={2} size="sm" fw={400} c="dimmed">
              {t('staffFileTemplate.unsaved')}
            </Title>
            <Group gap="xs">
              <Button
                variant="default"
                onClick={() => {
                  setSections(stored.sections);
                  setErrors({});
                }}
              >
                {t('common.reset')}
              </Button>
              <Button
                onClick={() => {
                  setErrors({});
                  save.mutate();
                }}
                loading={save.isPending}
                data-testid="template-save"
              >
                {t('common.save')}
              </Button>
            </Group>
          </Group>
        </Paper>
      )}
    </Stack>
  );
}
