import type { MemberDetail } from '@app/contracts';
import { Anchor, Breadcrumbs, Button, Group, Menu, Text } from '@mantine/core';
import { IconChevronDown, IconMail, IconTrash, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageTitle } from '../../../ui/PageTitle';
import { fullName, PersonAvatar, SoftBadge, StateBadge } from '../people';

import type { EmployeeState } from './useEmployee';

/** The way back to the team, the name, state and picture, and the actions menu. */
export function EmployeeHeader({ detail, e }: { detail: MemberDetail; e: EmployeeState }) {
  const { t, pathTo, mayDelete, mayDeactivate, mayResend, resend, status, confirm, remove } = e;
  const name = fullName(detail.profile);
  return (
    <>
      <Breadcrumbs>
        <Anchor component={Link} to={pathTo('employees')}>
          {t('team.title')}
        </Anchor>
        <Text size="sm">{name}</Text>
      </Breadcrumbs>
      <PageTitle
        title={name}
        subtitle={
          <Group gap="xs" component="span">
            <StateBadge state={detail.state} />
            {detail.profile.jobTitle && <span>{detail.profile.jobTitle}</span>}
            {detail.accountHolder && <SoftBadge color="grape">{t('team.accountHolder')}</SoftBadge>}
          </Group>
        }
        right={
          <Group gap="sm">
            <PersonAvatar
              membershipId={detail.id}
              fname={detail.profile.fname}
              lname={detail.profile.lname}
              size="lg"
            />
            {(mayDelete || mayDeactivate || mayResend) && (
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <Button variant="default" rightSection={<IconChevronDown size={16} />} data-testid="member-actions">
                    {t('team.actions')}
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  {mayResend && (
                    <Menu.Item
                      leftSection={<IconMail size={16} />}
                      onClick={() => resend.mutate()}
                      data-testid="member-resend"
                    >
                      {t('team.resend')}
                    </Menu.Item>
                  )}
                  {!mayDeactivate ? null : detail.state === 'inactive' ? (
                    <Menu.Item
                      leftSection={<IconUserCheck size={16} />}
                      onClick={() => status.mutate('active')}
                      data-testid="member-reactivate"
                    >
                      {t('team.reactivate')}
                    </Menu.Item>
                  ) : (
                    <Menu.Item
                      leftSection={<IconUserOff size={16} />}
                      onClick={() => confirm('deactivate', () => status.mutate('inactive'))}
                      data-testid="member-deactivate"
                    >
                      {t('team.deactivate')}
                    </Menu.Item>
                  )}
                  {mayDelete && (
                    <>
                      <Menu.Divider />
                      <Menu.Item
                        color="red"
                        leftSection={<IconTrash size={16} />}
                        onClick={() => confirm('delete', () => remove.mutate())}
                        data-testid="member-delete"
                      >
                        {t('team.delete')}
                      </Menu.Item>
                    </>
                  )}
                </Menu.Dropdown>
              </Menu>
            )}
          </Group>
        }
      />
    </>
  );
}
