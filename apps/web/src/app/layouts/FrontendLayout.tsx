import { Anchor, Box, Flex, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SITE_URL } from '../../config';
import { Logo } from '../../ui/Logo';
import { RouteLink } from '../../ui/RouteLink';
import { isMobile } from '../api';
import { PageOutlet } from '../PageOutlet';
import { LanguageSwitch } from './LanguageSwitch';

/** The public layout: an aside with logo, language switch and links, beside the page. */
export function FrontendLayout() {
  const { t } = useTranslation();
  const mobile = isMobile();
  return (
    <Flex mih="100vh" direction={{ base: 'column', sm: 'row' }}>
      <Box
        component="aside"
        w={{ base: '100%', sm: 340 }}
        p="xl"
        bg="blue.9"
        c="white"
        data-testid="frontend-aside"
        style={{ flexShrink: 0 }}
      >
        <Stack justify="space-between" h="100%" gap="xl">
          <Stack gap="md">
            <Box bg="white" c="dark" p="xs" style={{ borderRadius: 8, alignSelf: 'flex-start' }}>
              <Logo />
            </Box>
            <Text size="sm" c="blue.0">
              {t('frontend.tagline')}
            </Text>
            <Paper p={4} radius="md" style={{ alignSelf: 'flex-start' }}>
              <LanguageSwitch />
            </Paper>
          </Stack>
          <Group gap="md">
            <RouteLink route="terms" c="white" size="sm" data-testid="link-terms">
              {t('frontend.terms')}
            </RouteLink>
            <RouteLink route="privacy" c="white" size="sm" data-testid="link-privacy">
              {t('frontend.privacy')}
            </RouteLink>
            {!mobile && (
              <RouteLink route="contact" c="white" size="sm" data-testid="link-contact">
                {t('frontend.contact')}
              </RouteLink>
            )}
            {!mobile && (
              <Anchor href={SITE_URL} c="white" size="sm" target="_blank" rel="noreferrer" data-testid="link-site">
                {t('frontend.site')}
              </Anchor>
            )}
          </Group>
        </Stack>
      </Box>
      <Box component="main" p={{ base: 'md', sm: 'xl' }} style={{ flex: 1 }}>
        <Box maw={460} mx="auto" mt={{ base: 'md', sm: 60 }}>
          <PageOutlet />
        </Box>
      </Box>
    </Flex>
  );
}
