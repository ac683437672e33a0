/**
 * Which parts of the tree may import which (`npm run lint:arch`, part of `npm test`). The rules keep the layering of
 * docs/architecture.md ("Layout") true: domains do not loop, platform/ and db/ serve the domains without knowing
 * them, the web's shell and ui kit know no feature, and the shared packages know no app.
 *
 * Known exceptions are listed per rule with the reason; each is a debt to pay off, not a pattern to copy.
 * Tests are left out: a test may set up data through any domain.
 */

/** Server domains whose folders import each other today (a folder-level loop), until scope and helpers move. */
const KNOWN_DOMAIN_LOOPS = [];

/** Server files outside domains/ that import a domain, and why. */
const PLATFORM_IMPORTS_DOMAIN = [];

const alternatives = (paths) => (paths.length ? `^(${paths.join('|')})$` : '^$');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-domain-loops',
      comment:
        'A server domain may not import a domain that imports it back, directly or through others. Move the shared ' +
        'helper to the domain that owns it (or to platform/ when no domain does).',
      severity: 'error',
      scope: 'folder',
      from: { path: '^apps/server/src/domains/', pathNot: alternatives(KNOWN_DOMAIN_LOOPS) },
      to: { path: '^apps/server/src/domains/', circular: true },
    },
    {
      name: 'platform-and-db-know-no-domain',
      comment:
        'platform/ and db/ serve every domain, so they import none; a domain registers itself with them through ' +
        'app.ts, the composition root.',
      severity: 'error',
      from: {
        path: '^apps/server/src/(platform|db)/',
        pathNot: alternatives(PLATFORM_IMPORTS_DOMAIN),
      },
      to: { path: '^apps/server/src/domains/' },
    },
    {
      name: 'shell-knows-no-feature',
      comment:
        'The web shell (app/layouts) and the ui kit are used by every feature, so they import none; a feature ' +
        'plugs into the shell through the slots the router fills (app/slots.tsx, src/shellSlots.tsx).',
      severity: 'error',
      from: { path: '^apps/web/src/(app/layouts|ui)/' },
      to: { path: '^apps/web/src/features/' },
    },
    {
      name: 'ui-kit-knows-no-app',
      comment:
        'The ui kit (apps/web/src/ui) is the bottom of the web: components and hooks any feature or the shell may use. ' +
        'It imports no feature and nothing of app/ (shell, session, api); what it needs comes in through props.',
      severity: 'error',
      from: { path: '^apps/web/src/ui/' },
      to: { path: '^apps/web/src/(app|features)/' },
    },
    {
      name: 'packages-know-no-app',
      comment: 'The shared packages are used by both apps and import nothing from them.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['\\.test\\.tsx?$', '^apps/server/test/', '/dist/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    combinedDependencies: false,
    reporterOptions: { text: { highlightFocused: true } },
  },
};
