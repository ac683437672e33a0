/**
 * The permission table: every API route, as registered in Fastify, with the status each kind of member gets for a
 * valid request with ids of their own account, and the status for the same request with another account's ids.
 * It is data: `permissions.test.ts` runs every cell against the API and fails on a route the table does not name.
 * The rules behind it live in `packages/domain/src/policies/` (shared with the web); where docs/product/ is
 * silent the reason for the decision is written beside the row.
 */

/** Who asks. `restrictedPlanner` carries the planner restriction; `employeeWithoutRight` holds no rights at all. */
export const WHO = [
  'owner',
  'manager',
  'planner',
  'restrictedPlanner',
  'supervisor',
  'observer',
  'accountant',
  'biller',
  'freelancer',
  'employee',
  'employeeWithoutRight',
] as const;
export type Who = (typeof WHO)[number];

/** An HTTP status, or a status and the error code the body must carry. */
export type Status = number | `${number} ${string}`;
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Route = `${Method} /api/${string}`;

export interface PermissionRow {
  route: Route;
  /** What this row's request is, when a route has several (own item, someone else's, ...). */
  case?: string;
  /** A route without a session: the one status anyone gets (nobody's role is read). */
  public?: Status;
  /** Per member, with ids of their own account. */
  own?: Record<Who, Status>;
  /** With another account's ids, for everyone (404, as an id that does not exist) unless stated per member. */
  foreign?: Status | Partial<Record<Who, Status>>;
}

const everyone = (status: Status): Record<Who, Status> =>
  Object.fromEntries(WHO.map((w) => [w, status])) as Record<Who, Status>;

/** `status` for the members named, `otherwise` (403 by default) for everyone else. */
const only = (who: readonly Who[], status: Status = 200, otherwise: Status = 403): Record<Who, Status> =>
  Object.fromEntries(WHO.map((w) => [w, who.includes(w) ? status : otherwise])) as Record<Who, Status>;

/** Owners and managers hold every planner's power (roles imply the ones below them). */
const PLANNERS: Who[] = ['owner', 'manager', 'planner', 'restrictedPlanner'];
/** Planners who may choose people: the planner restriction hides the toolbox's user tab (docs/product/roster.md). */
const ASSIGNERS: Who[] = ['owner', 'manager', 'planner'];
/** The user.edit right: owners and unlimited managers hold it without it being set. */
const USER_EDIT: Who[] = ['owner', 'manager'];
/** Client invoices: owners and managers (docs/product/invoicing.md). */
const INVOICERS: Who[] = ['owner', 'manager'];
/** Settings: owner or a manager without the manager limitation (docs/product/settings.md). */
const SETTINGS: Who[] = ['owner', 'manager'];
/** Members with the placeholder sign-up right (the sample employees carry it), and planners. */
const SIGN_UP: Who[] = [...PLANNERS, 'supervisor', 'freelancer', 'employee'];
/** Members who edit their own availability: the availability.edit right, and planners (account setting on). */
const OWN_AVAILABILITY: Who[] = [...PLANNERS, 'supervisor', 'freelancer', 'employee'];

/**
 * Members who request their own vacation: the vacation.request right (sample staff), planners (they take leave
 * too, right or not), and those who decide.
 */
const VACATION_REQUESTERS: Who[] = [...PLANNERS, 'supervisor', 'freelancer', 'employee'];
/** Members with a time-for-time balance (the sample employee's membership flag), and the overview. */
const BALANCE_HOLDERS: Who[] = ['owner', 'manager', 'employee'];

/** Who decides on freelancers' invoices: owners, managers and accountants. */
const FREELANCE_REVIEWERS: Who[] = ['owner', 'manager', 'accountant'];
const FREELANCE_READERS: Who[] = [...FREELANCE_REVIEWERS, 'freelancer'];

export const PERMISSIONS: PermissionRow[] = [
  // App and session
  { route: 'GET /api/health', public: 200 },
  { route: 'GET /api/app/init', own: everyone(200) },
  { route: 'GET /api/overview', own: everyone(200) },

  // Auth: the public calls read no role; a code that does not exist shows the route is open (the flows with real
  // codes are proven in auth/codes.test.ts).
  { route: 'POST /api/auth/login', public: 200 },
  { route: 'POST /api/auth/password/forgot', public: 200 },
  { route: 'POST /api/auth/confirmation/request', public: 200 },
  { route: 'GET /api/auth/codes/:code', public: '404 CODE_INVALID' },
  { route: 'POST /api/auth/password/reset/:code', public: '404 CODE_INVALID' },
  { route: 'POST /api/auth/confirm-email/:code', public: '404 CODE_INVALID' },
  { route: 'POST /api/auth/invitations/:code/accept', public: '404 CODE_INVALID' },
  // Sign-up and the demo (docs/product/signup.md): public; a known address is answered like a new one.
  { route: 'GET /api/auth/register', public: 200 },
  { route: 'POST /api/auth/register', public: 200 },
  { route: 'POST /api/auth/signup/:code', public: '404 CODE_INVALID' },
  { route: 'POST /api/demo', public: 200 },
  { route: 'GET /api/ical/:token', case: 'a token nobody holds', public: '404 NOT_FOUND' },
  { route: 'GET /api/wall-screens/:id/:token', case: 'a screen nobody made', public: '404 NOT_FOUND' },
  { route: 'POST /api/auth/logout', own: everyone(200) },
  // Two-factor is about the person's own login, whatever their role. A wrong code proves every role reaches the
  // code check; a complete session has nothing to verify (both flows: auth/twofactor.test.ts).
  { route: 'GET /api/auth/2fa/setup', own: everyone(200) },
  { route: 'POST /api/auth/2fa/setup', case: 'a wrong code', own: everyone('401 INVALID_2FA') },
  { route: 'POST /api/auth/2fa/verify', case: 'a complete session', own: everyone(403) },
  { route: 'DELETE /api/auth/2fa', own: everyone(200) },
  // Realtime authorisation answers 403 for a room the member may not join (the broadcast protocol's answer); the
  // same for another account's room as for a made-up one, so it tells nothing.
  { route: 'POST /api/auth/broadcast', case: 'own membership room', own: everyone(200), foreign: 403 },
  // Another account is one the person does not belong to; the owner of the sample also owns Corner Store.
  { route: 'PUT /api/switch/account/:id', own: everyone(200), foreign: { ...everyone(404), owner: 200 } },
  { route: 'PUT /api/switch/locale/:lang', own: everyone(200) },

  // Profile and membership
  { route: 'GET /api/profile', own: everyone(200) },
  { route: 'PUT /api/profile', own: everyone(200) },
  // One's own name stays once set, on the profile as on the employee page (docs/product/members.md).
  { route: 'PUT /api/profile', case: 'renaming oneself', own: everyone('422 VALIDATION') },
  { route: 'PUT /api/memberships/:id/preferences', case: 'own membership', own: everyone(200), foreign: 404 },
  { route: 'PUT /api/memberships/:id/preferences', case: "someone else's", own: everyone(403) },
  // The guided tour is the member's own (docs/product/account-access.md).
  { route: 'PUT /api/memberships/:id/onboarding', case: 'own membership', own: everyone(200), foreign: 404 },
  { route: 'PUT /api/memberships/:id/onboarding', case: "someone else's", own: everyone(403) },
  // Staff files (docs/product/profiles.md): the template is a setting; one's own profile is one's own, someone
  // else's needs the user.edit right.
  { route: 'GET /api/profile-template', own: only(SETTINGS) },
  { route: 'PUT /api/profile-template', own: only(SETTINGS) },
  { route: 'GET /api/memberships/:id/profile', case: 'own membership', own: everyone(200), foreign: 404 },
  { route: 'GET /api/memberships/:id/profile', case: "someone else's", own: only(USER_EDIT) },
  { route: 'PUT /api/memberships/:id/profile', case: 'own membership', own: everyone(200), foreign: 404 },
  { route: 'PUT /api/memberships/:id/profile', case: "someone else's", own: only(USER_EDIT) },
  // Super users' tools do not exist for anyone else (the sample has no super user: access/access.test.ts has them);
  // write access is for a super user's visit only.
  { route: 'GET /api/superuser/accounts', own: everyone(404) },
  { route: 'PUT /api/superuser/write', own: everyone(404) },
  { route: 'PUT /api/memberships/:id/status', own: only(USER_EDIT), foreign: 404 },
  // The team (docs/product/members.md: employees need user.edit). Everyone reads their own contracts.
  { route: 'GET /api/members', own: only(USER_EDIT) },
  { route: 'GET /api/members/:id', own: only(USER_EDIT), foreign: 404 },
  { route: 'PUT /api/members/:id', own: only(USER_EDIT), foreign: 404 },
  { route: 'PUT /api/members/:id/access', own: only(USER_EDIT), foreign: 404 },
  { route: 'PUT /api/members/:id/cost-centres', own: only(USER_EDIT), foreign: 404 },
  { route: 'PUT /api/members/:id/settings', own: only(USER_EDIT), foreign: 404 },
  { route: 'DELETE /api/members/:id', own: only(USER_EDIT), foreign: 404 },
  { route: 'POST /api/members/invitations', own: only(USER_EDIT) },
  { route: 'POST /api/members/:id/invitation', own: only(USER_EDIT), foreign: 404 },
  { route: 'GET /api/members/:id/contracts', case: 'own', own: everyone(200), foreign: 404 },
  { route: 'GET /api/members/:id/contracts', case: "someone else's", own: only(USER_EDIT) },
  { route: 'POST /api/members/:id/contracts', own: only(USER_EDIT), foreign: 404 },
  { route: 'PUT /api/contracts/:id', own: only(USER_EDIT), foreign: 404 },
  { route: 'DELETE /api/contracts/:id', own: only(USER_EDIT), foreign: 404 },
  // Dossiers (docs/product/dossiers.md): kept by owners and managers with the team right; everyone opens their own
  // and reads the entries shared with them there, never writes it.
  { route: 'GET /api/members/:id/dossier', case: 'own', own: everyone(200), foreign: 404 },
  { route: 'GET /api/members/:id/dossier', case: "someone else's", own: only(USER_EDIT), foreign: 404 },
  { route: 'POST /api/members/:id/dossier', case: 'own', own: everyone('403 FORBIDDEN') },
  { route: 'POST /api/members/:id/dossier', case: "someone else's", own: only(USER_EDIT), foreign: 404 },
  { route: 'PUT /api/dossier/:id', own: only(USER_EDIT), foreign: 404 },
  { route: 'DELETE /api/dossier/:id', own: only(USER_EDIT), foreign: 404 },
  // An entry's files: its keepers only (the member reads them on a shared entry, through the dossier's GET).
  { route: 'POST /api/dossier/:id/attachments', own: only(USER_EDIT, 201), foreign: 404 },
  { route: 'DELETE /api/dossier-attachments/:id', own: only(USER_EDIT), foreign: 404 },
  // Owners as targets (docs/product/members.md): managers handle employees, not owners; only owners change
  // an owner. Nobody deactivates, deletes or demotes the account holder (here a member the table made, so that the
  // table's owner may try): they hand the account over first.
  { route: 'PUT /api/memberships/:id/status', case: 'an owner', own: only(['owner']) },
  { route: 'PUT /api/memberships/:id/status', case: 'the account holder', own: only(['owner'], '409 ACCOUNT_HOLDER') },
  { route: 'PUT /api/members/:id', case: 'an owner', own: only(['owner']) },
  { route: 'PUT /api/members/:id/access', case: 'an owner', own: only(['owner']) },
  {
    route: 'PUT /api/members/:id/access',
    case: 'demoting the account holder',
    own: only(['owner'], '409 ACCOUNT_HOLDER'),
  },
  { route: 'PUT /api/members/:id/cost-centres', case: 'an owner', own: only(['owner']) },
  { route: 'PUT /api/memberships/:id/holdings', case: 'an owner', own: only(['owner']) },
  { route: 'POST /api/members/:id/contracts', case: 'an owner', own: only(['owner']) },
  { route: 'POST /api/memberships/:id/avatar', case: 'an owner', own: only(['owner'], 201) },
  { route: 'POST /api/members/:id/invitation', case: 'an owner', own: only(['owner']) },
  { route: 'DELETE /api/members/:id', case: 'an owner', own: only(['owner']) },
  { route: 'DELETE /api/members/:id', case: 'the account holder', own: only(['owner'], '409 ACCOUNT_HOLDER') },

  // Modules and settings. Reading the availability settings is open to every member: the availability screens
  // and the roster's planning hints word themselves by the policy.
  // The modules page (docs/product/modules.md): it opens for owners, managers, planners and user.edit holders
  // (docs/product/modules.md); owners and managers switch every module, an unrestricted planner the
  // roster's tools, a user.edit holder the team's records (proven in accounts/modules.test.ts), nobody else any.
  // The setup wizard is the owner's (docs/product/setup.md); the sample's setup is finished, so the owner hears
  // SETUP_COMPLETED where an unfinished account would answer 200 (domains/setup/setup.test.ts walks that).
  { route: 'GET /api/accounts/:id/setup', own: only(['owner'], '409 SETUP_COMPLETED'), foreign: 404 },
  { route: 'PUT /api/accounts/:id/setup', own: only(['owner'], '409 SETUP_COMPLETED'), foreign: 404 },
  { route: 'POST /api/accounts/:id/setup/complete', own: only(['owner'], '409 SETUP_COMPLETED'), foreign: 404 },
  { route: 'POST /api/accounts/:id/setup/link', own: only(['owner'], '409 SETUP_COMPLETED'), foreign: 404 },
  { route: 'POST /api/setup/start', public: '401 INVALID_CREDENTIALS' },
  { route: 'GET /api/modules', own: only(PLANNERS) },
  { route: 'PUT /api/modules/:key', case: "a roster tool (the planner's)", own: only(['owner', 'manager', 'planner']) },
  { route: 'PUT /api/modules/:key', case: 'a team record (not the planner’s)', own: only(SETTINGS) },

  // The subscription (owner only: docs/product/subscription.md): every other role 403. No call
  // takes an id. Where the owner's valid call would change the Bistro for the rows after it, the owner's request is
  // one the service refuses after the permission check (its code shows the call got that far): subscribing an
  // account that is active already, an unknown code, a wrong company name. Cancel and resume run in this order, so
  // the Bistro ends active again. The flows themselves: subscription/subscription.test.ts.
  { route: 'GET /api/subscription', own: only(['owner']) },
  { route: 'PUT /api/subscription/plan', own: only(['owner']) },
  { route: 'PUT /api/subscription/invoice-details', own: only(['owner']) },
  { route: 'POST /api/subscription/mandate', own: only(['owner']) },
  { route: 'POST /api/subscription/subscribe', own: only(['owner'], '409 ACCOUNT_STATUS') },
  { route: 'POST /api/subscription/cancel', own: only(['owner']) },
  { route: 'POST /api/subscription/resume', own: only(['owner']) },
  { route: 'POST /api/subscription/license', own: only(['owner'], '404 LICENSE_INVALID') },
  { route: 'POST /api/subscription/discount', own: only(['owner'], '404 DISCOUNT_INVALID') },
  { route: 'GET /api/subscription/export', own: only(['owner']) },
  { route: 'DELETE /api/subscription/account', own: only(['owner'], '422 CONFIRMATION_MISMATCH') },
  { route: 'GET /api/settings/availability', own: everyone(200) },
  { route: 'PUT /api/settings/availability', own: only(SETTINGS) },
  // The settings pages (general, expenses, advanced, check-in, company) hold the account's own configuration, money
  // rules and legal data: owners and managers without the limitation read and change them (the menu's settings
  // rule). The holidays are read by every member (vacation and the roster plan around them).
  { route: 'GET /api/settings/general', own: only(SETTINGS) },
  { route: 'PUT /api/settings/general', own: only(SETTINGS) },
  { route: 'GET /api/settings/expenses', own: only(SETTINGS) },
  { route: 'PUT /api/settings/expenses', own: only(SETTINGS) },
  { route: 'GET /api/settings/advanced', own: only(SETTINGS) },
  { route: 'PUT /api/settings/advanced', own: only(SETTINGS) },
  { route: 'GET /api/settings/company', own: only(SETTINGS) },
  { route: 'PUT /api/settings/company', own: only(SETTINGS) },
  { route: 'GET /api/settings/check-in', own: only(SETTINGS) },
  { route: 'PUT /api/settings/check-in', own: only(SETTINGS) },
  // Mail that could not be delivered, and sending it again: an account setting (its people's addresses and how the
  // mail server answered). Another account's mail is one that does not exist.
  { route: 'GET /api/settings/mail', own: only(SETTINGS) },
  { route: 'POST /api/settings/mail/resend', own: only(SETTINGS) },
  { route: 'POST /api/settings/mail/:id/resend', own: only(SETTINGS), foreign: 404 },
  { route: 'GET /api/holidays', own: everyone(200) },
  { route: 'GET /api/holidays/regions', own: everyone(200) },
  { route: 'PUT /api/settings/holidays', own: only(SETTINGS) },
  { route: 'POST /api/holidays', own: only(SETTINGS, 201) },
  { route: 'PUT /api/holidays/:id', own: only(SETTINGS), foreign: 404 },
  { route: 'DELETE /api/holidays/:id', own: only(SETTINGS), foreign: 404 },
  // Rates, premiums and contract templates are wages and legal documents: the settings rule, not the catalog's.
  { route: 'GET /api/rates', own: only(SETTINGS) },
  { route: 'POST /api/rates', own: only(SETTINGS, 201) },
  { route: 'PUT /api/rates/:id', own: only(SETTINGS), foreign: 404 },
  { route: 'DELETE /api/rates/:id', own: only(SETTINGS), foreign: 404 },
  { route: 'GET /api/premiums', own: only(SETTINGS) },
  { route: 'POST /api/premiums', own: only(SETTINGS, 201) },
  { route: 'PUT /api/premiums/:id', own: only(SETTINGS), foreign: 404 },
  { route: 'DELETE /api/premiums/:id', own: only(SETTINGS), foreign: 404 },
  { route: 'GET /api/contract-templates', own: only(SETTINGS) },
  { route: 'POST /api/contract-templates', own: only(SETTINGS, 201) },
  { route: 'GET /api/contract-templates/:id/file', own: only(SETTINGS), foreign: 404 },
  { route: 'PUT /api/contract-templates/:id', own: only(SETTINGS), foreign: 404 },
  { route: 'DELETE /api/contract-templates/:id', own: only(SETTINGS), foreign: 404 },

  // Profile pictures: everyone sees the account's faces; one's own picture is one's own, anyone's with user.edit.
  { route: 'GET /api/avatars', own: everyone(200) },
  { route: 'GET /api/gravatar', own: everyone(200) },
  { route: 'GET /api/gravatar/:user/user', own: everyone(200), foreign: 404 },
  { route: 'POST /api/memberships/:id/avatar', case: 'own membership', own: everyone(201), foreign: 404 },
  { route: 'POST /api/memberships/:id/avatar', case: "someone else's", own: only(USER_EDIT, 201) },
  { route: 'DELETE /api/memberships/:id/avatar', case: 'own membership', own: everyone(200), foreign: 404 },
  { route: 'DELETE /api/memberships/:id/avatar', case: "someone else's", own: only(USER_EDIT) },
  // The address book: contacts.view (owners and unlimited managers hold it) while the sample keeps contacts private.
  { route: 'GET /api/contacts', own: only(['owner', 'manager']) },

  // Clients and projects (docs/product/clients.md; modules clients and projects, switched on for the table): planner,
  // manager or owner (the clients guard). A foreign client id in a project's body is a field error (422).
  { route: 'GET /api/clients', own: only(PLANNERS) },
  { route: 'GET /api/clients/:id', own: only(PLANNERS), foreign: 404 },
  { route: 'POST /api/clients', own: only(PLANNERS, 201) },
  { route: 'PUT /api/clients/:id', own: only(PLANNERS), foreign: 404 },
  { route: 'DELETE /api/clients/:id', own: only(PLANNERS), foreign: 404 },
  // Client invoices (docs/product/invoicing.md; module clients): money leaves the planners' hands, owners and managers
  // only. Another account's invoice or client answers 404 to everyone (it is looked up before the role is read).
  { route: 'GET /api/client-invoices', own: only(INVOICERS) },
  { route: 'POST /api/client-invoices', own: only(INVOICERS, 201), foreign: 404 },
  { route: 'GET /api/client-invoices/:id', own: only(INVOICERS), foreign: 404 },
  { route: 'PUT /api/client-invoices/:id', own: only(INVOICERS), foreign: 404 },
  { route: 'DELETE /api/client-invoices/:id', own: only(INVOICERS), foreign: 404 },
  { route: 'POST /api/client-invoices/:id/issue', own: only(INVOICERS), foreign: 404 },
  { route: 'POST /api/client-invoices/:id/send', own: only(INVOICERS), foreign: 404 },
  { route: 'GET /api/client-invoices/:id/pdf', own: only(INVOICERS), foreign: 404 },
  { route: 'GET /api/client-invoices/:id/xml', own: only(INVOICERS), foreign: 404 },
  { route: 'GET /api/client-billing/:id', own: only(INVOICERS), foreign: 404 },
  { route: 'PUT /api/client-billing/:id', own: only(INVOICERS), foreign: 404 },
  // The planning overview (module planning): planners and observers (the planning guard).
  { route: 'GET /api/planning/overview', own: only([...PLANNERS, 'observer']) },
  { route: 'GET /api/projects', own: only(PLANNERS) },
  { route: 'GET /api/projects/:id', own: only(PLANNERS), foreign: 404 },
  { route: 'POST /api/projects', own: only(PLANNERS, 201), foreign: only(PLANNERS, 422) },
  { route: 'PUT /api/projects/:id', own: only(PLANNERS), foreign: 404 },
  { route: 'DELETE /api/projects/:id', own: only(PLANNERS), foreign: 404 },
  // Resources (docs/product/resources.md; module switched on for the table): planners, managers, owners and the
  // user.edit right; putting one on an item is a planner's item edit. A foreign resource on an own item is 404 too.
  { route: 'GET /api/resources', own: only(PLANNERS) },
  { route: 'GET /api/resources/:id', own: only(PLANNERS), foreign: 404 },
  { route: 'POST /api/resources', own: only(PLANNERS, 201) },
  { route: 'PUT /api/resources/:id', own: only(PLANNERS), foreign: 404 },
  { route: 'DELETE /api/resources/:id', own: only(PLANNERS), foreign: 404 },

  // Freelancer invoices (docs/product/freelance.md; module switched on for the table): the freelancer invoices their
  // own approved hours; owners, managers and accountants see every invoice and mark it paid or reject it.
  { route: 'GET /api/freelancer-invoices', own: only(FREELANCE_READERS) },
  { route: 'GET /api/freelancer-invoices/billable', own: only(['freelancer']) },
  { route: 'POST /api/freelancer-invoices', own: only(['freelancer'], 201) },
  { route: 'GET /api/freelancer-invoices/:id', own: only(FREELANCE_READERS), foreign: 404 },
  { route: 'GET /api/freelancer-invoices/:id/pdf', own: only(FREELANCE_READERS), foreign: 404 },
  { route: 'POST /api/freelancer-invoices/:id/paid', own: only(FREELANCE_REVIEWERS), foreign: 404 },
  { route: 'POST /api/freelancer-invoices/:id/reject', own: only(FREELANCE_REVIEWERS), foreign: 404 },
  // The company page (docs/product/company.md; module on, not shown to staff in the table's account): owners and
  // managers read and edit it; the staff read it once the account shows it (domains/company/company.test.ts).
  { route: 'GET /api/company', own: only(USER_EDIT) },
  { route: 'PUT /api/company', own: only(USER_EDIT) },
  { route: 'POST /api/company/files', own: only(USER_EDIT, 201) },
  { route: 'DELETE /api/company/files/:id', own: only(USER_EDIT), foreign: 404 },
  { route: 'PUT /api/items/:id/resource', own: only(PLANNERS), foreign: 404 },
  { route: 'PUT /api/items/:id/resource', case: 'a foreign resource', own: only(PLANNERS, 404) },
  { route: 'DELETE /api/items/:id/resource', own: only(PLANNERS), foreign: 404 },
  // Documents (docs/product/documents.md): everyone their own file; owners and managers HR documents in others'
  // files (a file they may not see is not there for them: 404). The download link is its own credential.
  { route: 'GET /api/documents/members', own: everyone(200) },
  { route: 'GET /api/memberships/:id/documents', case: 'own file', own: everyone(200), foreign: 404 },
  { route: 'GET /api/memberships/:id/documents', case: "someone else's", own: only(['owner', 'manager']) },
  { route: 'POST /api/memberships/:id/upload', case: 'own file', own: everyone(201), foreign: 404 },
  {
    route: 'POST /api/memberships/:id/upload',
    case: "an HR document in someone else's file",
    own: only(['owner', 'manager'], 201),
  },
  { route: 'DELETE /api/uploads/:id', case: 'own upload', own: everyone(200), foreign: 404 },
  {
    route: 'DELETE /api/uploads/:id',
    case: "an HR document in someone else's file",
    own: only(['owner', 'manager'], 200, 404),
  },
  { route: 'GET /api/uploads/:id', public: 200 },
  // Payslip runs: those who file HR documents (owners and managers); another account's member is not there (404).
  { route: 'POST /api/payslips/split', own: only(['owner', 'manager']) },
  { route: 'POST /api/payslips', own: only(['owner', 'manager'], 201), foreign: only(['owner', 'manager'], 404) },

  // Availability: everyone reads their own; planners everyone's; entering it needs availability.edit (or the
  // planner level); observers, accountants and billers hold neither.
  { route: 'GET /api/availability', case: 'own', own: everyone(200) },
  { route: 'GET /api/availability', case: "another member's", own: only(PLANNERS), foreign: 404 },
  { route: 'PUT /api/availability', case: 'own', own: only(OWN_AVAILABILITY), foreign: 404 },
  { route: 'DELETE /api/availability', case: 'own', own: only(OWN_AVAILABILITY), foreign: 404 },
  { route: 'GET /api/memberships/:id/availability-defaults', case: 'own', own: everyone(200), foreign: 404 },
  { route: 'PUT /api/memberships/:id/availability-defaults', case: 'own', own: only(OWN_AVAILABILITY), foreign: 404 },
  // The planner view of availability (planners, managers, owners). Sickness records: everyone reads their own
  // history; planners report, change and read anyone's; the report-absence right lets a member report their own
  // (no sample member holds it: absence/absence.test.ts proves it).
  { route: 'GET /api/availability/overview', own: only(PLANNERS), foreign: 404 },
  { route: 'GET /api/sickness', case: 'own', own: everyone(200) },
  { route: 'GET /api/sickness', case: "another member's", own: only(PLANNERS), foreign: 404 },
  { route: 'POST /api/sickness', case: 'own', own: only(PLANNERS), foreign: 404 },
  { route: 'PUT /api/sickness/:id', case: "another member's", own: only(PLANNERS), foreign: 404 },
  { route: 'DELETE /api/sickness/:id', case: "another member's", own: only(PLANNERS), foreign: 404 },

  // The catalog. Everyone reads what the roster shows (duties, shifts, tags, cost centres); planners edit it too:
  // the settings guard names them (docs/product/settings.md) and they build the roster from duties and shifts. A
  // planning the member does not belong to answers 404 like a missing one (the freelancer belongs to Catering only).
  { route: 'GET /api/locations', own: everyone(200) },
  {
    route: 'GET /api/locations/:id',
    case: 'Headquarter',
    own: { ...everyone(200), freelancer: '404 NOT_FOUND' },
    foreign: 404,
  },
  { route: 'POST /api/locations', own: only(PLANNERS, 201) },
  { route: 'PUT /api/locations/:id', own: only(PLANNERS), foreign: 404 },
  { route: 'DELETE /api/locations/:id', own: only(PLANNERS), foreign: 404 },
  // A planning's staffing needs are part of the planning: whoever edits plannings (docs/product/autoroster.md).
  { route: 'GET /api/locations/:id/staffing', own: only(PLANNERS), foreign: 404 },
  { route: 'PUT /api/locations/:id/staffing', own: only(PLANNERS), foreign: 404 },
  { route: 'GET /api/locations/:id/staffing/preset', own: only(PLANNERS), foreign: 404 },
  { route: 'GET /api/duties', own: everyone(200) },
  { route: 'GET /api/duties/:id', own: everyone(200), foreign: 404 },
  { route: 'POST /api/duties', own: only(PLANNERS, 201) },
  { route: 'PUT /api/duties/:id', own: only(PLANNERS), foreign: 404 },
  { route: 'DELETE /api/duties/:id', own: only(PLANNERS), foreign: 404 },
  { route: 'GET /api/shifts', own: everyone(200) },
  { route: 'GET /api/shifts/:id', own: everyone(200), foreign: 404 },
  { route: 'POST /api/shifts', own: only(PLANNERS, 201) },
  { route: 'PUT /api/shifts/:id', own: only(PLANNERS), foreign: 404 },
  { route: 'DELETE /api/shifts/:id', own: only(PLANNERS), foreign: 404 },
  { route: 'GET /api/tags', own: everyone(200) },
  { route: 'GET /api/tags/:id', own: everyone(200), foreign: 404 },
  { route: 'POST /api/tags', own: only(PLANNERS, 201) },
  { route: 'PUT /api/tags/:id', own: only(PLANNERS), foreign: 404 },
  { route: 'DELETE /api/tags/:id', own: only(PLANNERS), foreign: 404 },
  { route: 'GET /api/cost-centres', own: everyone(200) },
  { route: 'GET /api/cost-centres/:id', own: everyone(200), foreign: 404 },
  { route: 'POST /api/cost-centres', own: only(PLANNERS, 201) },
  { route: 'PUT /api/cost-centres/:id', own: only(PLANNERS), foreign: 404 },
  { route: 'DELETE /api/cost-centres/:id', own: only(PLANNERS), foreign: 404 },
  // Holdings are part of the employee page: user.edit; everyone reads their own (the roster's duty filter).
  { route: 'GET /api/memberships/:id/holdings', case: 'own', own: everyone(200), foreign: 404 },
  { route: 'GET /api/memberships/:id/holdings', case: "someone else's", own: only(USER_EDIT) },
  { route: 'PUT /api/memberships/:id/holdings', own: only(USER_EDIT), foreign: 404 },

  // The roster. Planners see every planning; others the plannings they belong to (each asks for their own
  // planning here). A location of another account is "gone" for the roster load: 409, the answer for a missing
  // location (docs/product/app.md, "Failures"), so the client re-initialises.
  { route: 'GET /api/items', case: 'own planning', own: everyone(200), foreign: '409 CONFLICT' },
  {
    route: 'GET /api/items',
    case: 'Café am Markt, a planning not all belong to',
    // The restricted planner is restricted to Headquarter (fixture.ts; docs/product/members.md, scope.ts).
    own: { ...only(PLANNERS), restrictedPlanner: 403, supervisor: 200, observer: 200 },
  },
  // One's own items first ("my duties" on a phone, `mine=1`): the load's rules and answers.
  { route: 'GET /api/items', case: 'own duties', own: everyone(200), foreign: '409 CONFLICT' },
  {
    route: 'GET /api/items',
    case: 'own duties in Café am Markt',
    own: { ...only(PLANNERS), restrictedPlanner: 403, supervisor: 200, observer: 200 },
  },
  { route: 'GET /api/items', case: 'the preset', own: only(PLANNERS), foreign: 404 },
  // Items by id (after a realtime event): the load's rules, the location's answers as the load's; another account's
  // item ids in an own location are left out of the answer (load.test.ts).
  {
    route: 'GET /api/locations/:location/items',
    case: 'own planning',
    own: everyone(200),
    foreign: '409 CONFLICT',
  },
  {
    route: 'GET /api/locations/:location/items',
    case: 'Café am Markt, a planning not all belong to',
    own: { ...only(PLANNERS), restrictedPlanner: 403, supervisor: 200, observer: 200 },
  },
  { route: 'POST /api/items', case: 'open item', own: only(PLANNERS), foreign: 404 },
  { route: 'POST /api/items', case: 'with a person', own: only(ASSIGNERS) },
  { route: 'DELETE /api/items/:id', own: only(PLANNERS), foreign: 404 },
  { route: 'PUT /api/items/:id/times', own: only(PLANNERS), foreign: 404 },
  { route: 'DELETE /api/items/:id/times', own: only(PLANNERS), foreign: 404 },
  { route: 'PUT /api/items/:id/shift', own: only(PLANNERS), foreign: 404 },
  { route: 'DELETE /api/items/:id/shift', own: only(PLANNERS), foreign: 404 },
  { route: 'PUT /api/items/:id/duty', own: only(PLANNERS), foreign: 404 },
  { route: 'PUT /api/items/:id/tags', own: only(PLANNERS), foreign: 404 },
  { route: 'PUT /api/items/:id/notes', own: only(PLANNERS), foreign: 404 },
  { route: 'PUT /api/items/:id/internal', own: only(PLANNERS), foreign: 404 },
  { route: 'PUT /api/items/:id/sick', own: only(PLANNERS), foreign: 404 },
  { route: 'DELETE /api/items/:id/sick', own: only(PLANNERS), foreign: 404 },
  { route: 'DELETE /api/items/:id/conflicts', own: only(PLANNERS), foreign: 404 },
  { route: 'PUT /api/items/:id/user', own: only(ASSIGNERS), foreign: 404 },
  { route: 'DELETE /api/items/:id/user', own: only(ASSIGNERS), foreign: 404 },
  // The candidate lists feed the user tab and the wizard chooses people: not for restricted planners.
  { route: 'GET /api/items/:id/users', own: only(ASSIGNERS), foreign: 404 },
  { route: 'GET /api/locations/:location/users/:date', own: only(ASSIGNERS), foreign: 404 },
  { route: 'POST /api/locations/:location/matching', own: only(ASSIGNERS), foreign: 404 },
  { route: 'POST /api/locations/:location/matching/apply', own: only(ASSIGNERS), foreign: 404 },
  // Auto-roster chooses people like the matching wizard. Headquarter has no staffing needs in the fixture: past the
  // rights the call answers 422 for them (autoroster.test.ts proves the proposal itself).
  { route: 'POST /api/autoroster', own: only(ASSIGNERS, '422 VALIDATION'), foreign: 404 },
  { route: 'POST /api/autoroster/apply', own: only(ASSIGNERS), foreign: 404 },

  // Employees' own actions (docs/product/roster.md): sign in to an open item (placeholder right; planners may take
  // one themselves), sign out of their own item, cancel that; the planner answers.
  { route: 'PUT /api/items/:id/sign-in', case: 'an open item of their planning', own: only(SIGN_UP), foreign: 404 },
  { route: 'PUT /api/items/:id/sign-in/confirmation', own: only(PLANNERS), foreign: 404 },
  { route: 'PUT /api/items/:id/sign-out', case: 'own item, no body', own: everyone(200), foreign: 404 },
  { route: 'PUT /api/items/:id/sign-out', case: "someone else's item, no body", own: everyone(403) },
  { route: 'PUT /api/items/:id/sign-out', case: 'the planner denies', own: only(PLANNERS), foreign: 404 },
  { route: 'DELETE /api/items/:id/sign-out', case: 'own request', own: everyone(200), foreign: 404 },
  { route: 'DELETE /api/items/:id/sign-out', case: "someone else's request", own: everyone(403) },
  // Swaps and offers between employees (docs/product/swaps.md): whoever may take open duties offers their own and
  // takes colleagues'; the offerer withdraws their own; planners decide the ones waiting for them. A duty not on a
  // released day cannot be offered (the table's items lie beyond the release).
  { route: 'GET /api/swaps', own: only(SIGN_UP) },
  {
    route: 'POST /api/swaps',
    case: 'own duty, not released',
    own: only(SIGN_UP, '409 ERR_SWAP_NOT_OFFERABLE'),
    foreign: 404,
  },
  { route: 'POST /api/swaps/:id/accept', case: "a colleague's gift", own: only(SIGN_UP), foreign: 404 },
  { route: 'POST /api/swaps/:id/decline', case: "a colleague's gift", own: only(SIGN_UP), foreign: 404 },
  { route: 'DELETE /api/swaps/:id', case: 'own offer', own: everyone(200), foreign: 404 },
  { route: 'POST /api/swaps/:id/decision', case: 'waiting for a planner', own: only(PLANNERS), foreign: 404 },
  // Applications: planners read and answer them (restricted planners too: the user tab shows when applications
  // exist); withdrawing one's own application is open to whoever has one.
  { route: 'GET /api/items/:id/applications', own: only(PLANNERS), foreign: 404 },
  { route: 'PUT /api/items/:id/applications/:membership', own: only(PLANNERS), foreign: 404 },
  { route: 'DELETE /api/items/:id/applications', case: 'own application', own: everyone(200), foreign: 404 },

  // Day comments, day notes, item messages (docs/product/roster.md): day comments by owners, managers and
  // planners (observers are read-only); item messages by them and the member planned on the item; a comment is
  // deleted by its author, an owner or a manager.
  { route: 'PUT /api/locations/:location/notes/:date', own: only(PLANNERS), foreign: 404 },
  { route: 'POST /api/messages', own: only(PLANNERS), foreign: 404 },
  { route: 'DELETE /api/messages/:id', case: 'own comment', own: everyone(200), foreign: 404 },
  { route: 'DELETE /api/messages/:id', case: "someone else's comment", own: only(['owner', 'manager']) },
  { route: 'GET /api/item/messages', case: 'planned on the item', own: everyone(200), foreign: 404 },
  { route: 'GET /api/item/messages', case: "someone else's item", own: only(PLANNERS) },
  { route: 'POST /api/item/messages', case: 'planned on the item', own: everyone(200), foreign: 404 },
  { route: 'POST /api/item/messages', case: "someone else's item", own: only(PLANNERS) },
  { route: 'DELETE /api/item/messages/:id', case: 'own message', own: everyone(200), foreign: 404 },
  { route: 'DELETE /api/item/messages/:id', case: "someone else's message", own: only(['owner', 'manager']) },

  // Publication, bulk and presets: building the roster.
  { route: 'PUT /api/locations/:location/release', own: only(PLANNERS), foreign: 404 },
  { route: 'GET /api/locations/:location/release-preview', own: only(PLANNERS), foreign: 404 },
  { route: 'POST /api/items/bulk/paste', own: only(PLANNERS), foreign: 404 },
  { route: 'POST /api/items/bulk/duplicate', own: only(PLANNERS), foreign: 404 },
  { route: 'POST /api/items/bulk/fill', own: only(PLANNERS), foreign: 404 },
  { route: 'POST /api/items/bulk/empty', own: only(PLANNERS), foreign: 404 },
  { route: 'POST /api/items/bulk/delete', own: only(PLANNERS), foreign: 404 },
  { route: 'PUT /api/locations/:location/preset', own: only(PLANNERS), foreign: 404 },
  { route: 'POST /api/locations/:location/preset/apply', own: only(PLANNERS), foreign: 404 },
  { route: 'GET /api/locations/:location/copy-week', own: only(PLANNERS), foreign: 404 },
  { route: 'POST /api/locations/:location/copy-week', own: only(PLANNERS), foreign: 404 },

  // The calendar feed is each member's own (their released duties).
  { route: 'GET /api/calendar-feed', own: everyone(200) },
  { route: 'POST /api/calendar-feed', own: everyone(200) },
  { route: 'DELETE /api/calendar-feed', own: everyone(200) },
  // A planning's feed: for the people who plan it, within their restriction by plannings (the scope rows).
  { route: 'GET /api/locations/:location/calendar-feed', own: only(PLANNERS), foreign: 404 },
  { route: 'POST /api/locations/:location/calendar-feed', own: only(PLANNERS), foreign: 404 },
  { route: 'DELETE /api/locations/:location/calendar-feed', own: only(PLANNERS), foreign: 404 },
  // A planning's wall screen (module dashboard): made and revoked by the people who plan it (the scope rows).
  { route: 'GET /api/locations/:location/wall-screen', own: only(PLANNERS), foreign: 404 },
  { route: 'POST /api/locations/:location/wall-screen', own: only(PLANNERS), foreign: 404 },
  { route: 'DELETE /api/locations/:location/wall-screen', own: only(PLANNERS), foreign: 404 },

  // Chats (docs/product/chats.md): every member with the module chats; a channel is reached only by the
  // people taking part (anyone else, and another account's channel, 404). Who may chat with whom is
  // policies/chats.ts (contacts visibility, plannings in common; everyone reaches a planner). The calls for
  // making and changing channels are ours, REST-style (docs/architecture.md). Any participant renames a
  // group and adds people; removing someone else is for the group's creator, an owner or a manager; anyone leaves.
  { route: 'GET /api/channels', own: everyone(200) },
  { route: 'POST /api/channels', own: everyone(200), foreign: 404 },
  { route: 'GET /api/channels/:channel', own: everyone(200), foreign: 404 },
  { route: 'PUT /api/channels/:channel', own: everyone(200), foreign: 404 },
  { route: 'GET /api/channels/:channel/chats', own: everyone(200), foreign: 404 },
  { route: 'POST /api/channels/:channel/chats', own: everyone(200), foreign: 404 },
  { route: 'POST /api/channels/:channel/participants', own: everyone(200), foreign: 404 },
  {
    route: 'DELETE /api/channels/:channel/participants/:membership',
    case: 'leaving',
    own: everyone(200),
    foreign: 404,
  },
  {
    route: 'DELETE /api/channels/:channel/participants/:membership',
    case: 'someone else, in a group another member created',
    own: only(['owner', 'manager']),
  },
  { route: 'GET /api/chat-contacts', own: everyone(200) },
  { route: 'GET /api/memberships/unread-chats', own: everyone(200) },
  { route: 'PUT /api/memberships/unread-chats', own: everyone(200), foreign: 404 },

  // Vacation (docs/product/vacation.md): everyone reads their own requests and balance; a request for
  // oneself needs vacation.request (the sample's staff hold it; planners, owners and managers may without it);
  // owners and managers decide, remove, credit and debit, and see the team (planners only with vacation.approve,
  // which no planner of the table holds). Only the requester withdraws.
  { route: 'GET /api/vacation', case: 'own', own: everyone(200) },
  { route: 'GET /api/vacation', case: "another member's", own: only(USER_EDIT), foreign: 404 },
  { route: 'GET /api/vacation/preview', case: 'own', own: everyone(200), foreign: 404 },
  { route: 'POST /api/vacation', case: 'own', own: only(VACATION_REQUESTERS), foreign: 404 },
  { route: 'POST /api/vacation', case: "another member's", own: only(USER_EDIT) },
  { route: 'GET /api/vacation/:id', case: 'own', own: everyone(200), foreign: 404 },
  { route: 'GET /api/vacation/:id', case: "another member's", own: only(USER_EDIT) },
  { route: 'PUT /api/vacation/:id/decision', own: only(USER_EDIT), foreign: 404 },
  { route: 'POST /api/vacation/decisions', own: only(USER_EDIT), foreign: 404 },
  // A pending request is changed by whoever may file it (its requester with vacation.request, or those who decide).
  { route: 'PUT /api/vacation/:id', case: 'own', own: only(VACATION_REQUESTERS), foreign: 404 },
  { route: 'PUT /api/vacation/:id/withdraw', case: 'own', own: everyone(200), foreign: 404 },
  { route: 'PUT /api/vacation/:id/remove', own: only(USER_EDIT), foreign: 404 },
  { route: 'GET /api/vacation/balances', own: only(USER_EDIT) },
  { route: 'GET /api/vacation/balances/:id', case: 'own', own: everyone(200), foreign: 404 },
  { route: 'GET /api/vacation/balances/:id', case: "another member's", own: only(USER_EDIT) },
  { route: 'POST /api/vacation/balances/:id/adjustments', own: only(USER_EDIT), foreign: 404 },
  { route: 'DELETE /api/vacation/balances/:id/adjustments/:adjustment', own: only(USER_EDIT), foreign: 404 },
  // Time-for-time balances: the membership's balance flag (the sample's employees) shows one's own,
  // balances.overview (owners and managers) everyone's; owners and managers correct.
  { route: 'GET /api/balances', own: only(BALANCE_HOLDERS) },
  { route: 'GET /api/balances/:id', case: 'own', own: only(BALANCE_HOLDERS), foreign: 404 },
  { route: 'GET /api/balances/:id', case: "another member's", own: only(USER_EDIT) },
  { route: 'POST /api/balances/:id/corrections', own: only(USER_EDIT), foreign: 404 },
  { route: 'DELETE /api/balances/:id/corrections/:correction', own: only(USER_EDIT), foreign: 404 },

  // Last: a new password ends the person's other sessions.
  { route: 'PUT /api/profile/password', own: everyone(200) },
  // Notifications (docs/product/notifications.md): each member's own list, settings and push subscriptions; another's
  // (or another account's) notification answers 404.
  { route: 'GET /api/notifications', own: everyone(200) },
  { route: 'PUT /api/notifications/read', own: everyone(200), foreign: 404 },
  { route: 'DELETE /api/notifications/:id', own: everyone(200), foreign: 404 },
  { route: 'GET /api/notifications/settings', own: everyone(200) },
  { route: 'PUT /api/notifications/settings', own: everyone(200) },
  { route: 'POST /api/notifications/push', own: everyone(200) },
  { route: 'DELETE /api/notifications/push', own: everyone(200) },
  // Today (docs/product/notifications.md): a real account, the module, planner or observer.
  { route: 'GET /api/today', own: only(['owner', 'manager', 'planner', 'restrictedPlanner', 'observer']) },
  // The overview's next steps: every member, each their own.
  { route: 'GET /api/next-steps', own: everyone(200) },
  // The inbox (docs/product/inbox.md): for whoever answers one of its kinds: planners (applications, sign-outs; the
  // restricted planner answers applications too), those who decide vacation, supervisors (hours).
  { route: 'GET /api/inbox', own: only([...PLANNERS, 'supervisor']), foreign: 404 },
  // Activity log: special-account flag and owner or manager. The sample's Bistro is no special account, so everyone
  // is refused here; log/log.test.ts proves owners and managers of a special account read it.
  { route: 'GET /api/activity-log', case: 'not a special account', own: everyone(403) },
  // Help lessons and the month calendar: every member (lessons are filtered per member, not refused).
  { route: 'GET /api/lessons', own: everyone(200) },
  // A lesson that is not for the member (the demo's, in a real account) answers 404 like an unknown one.
  { route: 'PUT /api/lessons/:id/view', own: everyone(200), foreign: 404 },
  { route: 'GET /api/calendar/:month/:year', own: everyone(200) },
];

/** Routes that are not API calls of the product: the API documentation pages. */
/** Hours (docs/product/hours.md): supervisors (owners and managers above them) decide; billers read and mark billed. */
const HOURS_SUPERVISORS: Who[] = ['owner', 'manager', 'supervisor'];
/** Members who register their own planned hours: the hours.own right (sample employees, freelancer) or supervisors. */
const HOURS_OWN: Who[] = [...HOURS_SUPERVISORS, 'freelancer', 'employee'];

PERMISSIONS.push(
  // Hours (docs/product/hours.md; policies/hours.ts). The timesheet reads the tabs the member sees: the approved tab
  // needs an hours right, or the supervisor or biller role. The options are everyone's (they say what the member may).
  { route: 'GET /api/hours', case: 'approved tab', own: only([...HOURS_OWN, 'biller']) },
  { route: 'GET /api/hours/options', own: everyone(200) },
  { route: 'POST /api/hours', case: 'own past planned item', own: only(HOURS_OWN), foreign: 404 },
  { route: 'PUT /api/hours/:id', case: 'own pending hours', own: only(HOURS_OWN), foreign: 404 },
  { route: 'DELETE /api/hours/:id', case: 'own pending hours', own: only(HOURS_OWN), foreign: 404 },
  { route: 'POST /api/hours/:id/approve', own: only(HOURS_SUPERVISORS), foreign: 404 },
  { route: 'POST /api/hours/:id/deny', own: only(HOURS_SUPERVISORS), foreign: 404 },
  { route: 'POST /api/hours/:id/reopen', own: only(HOURS_SUPERVISORS), foreign: 404 },
  { route: 'POST /api/hours/:id/sign', own: only(HOURS_SUPERVISORS), foreign: 404 },
  // Billing is the biller's; the owner holds every role.
  { route: 'PUT /api/hours/:id/billed', own: only(['owner', 'biller']), foreign: 404 },
  { route: 'POST /api/hours/approve', own: only(HOURS_SUPERVISORS), foreign: 404 },
  { route: 'POST /api/hours/deny', own: only(HOURS_SUPERVISORS), foreign: 404 },
  { route: 'POST /api/hours/confirm', own: only(HOURS_SUPERVISORS), foreign: 404 },
);

PERMISSIONS.push(
  // Check-ins (docs/product/checkins.md; module checkins, switched on for the table). Every member checks into their
  // own duties and out of their own check-ins; supervisors (owners and managers above them) see the board and check
  // others out (docs/product/checkins.md: check-ins, supervisor plus module). The plannings' coordinates are the
  // check-in settings page's: owners and unlimited managers; the table has no geocoder, so looking up answers
  // ERR_GEOCODE.
  { route: 'GET /api/checkins', own: only(HOURS_SUPERVISORS) },
  { route: 'GET /api/checkins/mine', own: everyone(200) },
  { route: 'POST /api/checkins', case: 'own duty running now', own: everyone(200), foreign: 404 },
  { route: 'POST /api/checkins/:id/checkout', case: 'own open check-in', own: everyone(200), foreign: 404 },
  { route: 'POST /api/checkins/:id/supervisor-checkout', own: only(HOURS_SUPERVISORS), foreign: 404 },
  { route: 'GET /api/settings/check-in/locations', own: only(SETTINGS) },
  { route: 'PUT /api/settings/check-in/locations/:id/coordinates', own: only(SETTINGS), foreign: 404 },
  { route: 'POST /api/settings/check-in/locations/:id/geocode', own: only(SETTINGS, '409 ERR_GEOCODE'), foreign: 404 },
);

PERMISSIONS.push(
  // Statistics (docs/product/reports.md; module statistics, switched on for the table): accountants and owners
  // (docs/product/reports.md, "Who"); the owner holds the accountant's role.
  { route: 'GET /api/statistics', own: only(['owner', 'accountant']) },
);

export const NOT_API = /^\/api\/docs(\/|$)/;

/** Reports (docs/product/reports.md; policies/reports.ts): the accountant's, and the owner's who holds every role. */
const ACCOUNTANTS: Who[] = ['owner', 'accountant'];

PERMISSIONS.push(
  // Reports read the account's registered hours; a foreign planning in the filters answers 404 whoever asks.
  { route: 'GET /api/reports/options', own: only(ACCOUNTANTS) },
  { route: 'POST /api/reports/preview', own: only(ACCOUNTANTS), foreign: 404 },
  { route: 'POST /api/reports/download', own: only(ACCOUNTANTS), foreign: 404 },
  { route: 'GET /api/reports/saved', own: only(ACCOUNTANTS) },
  { route: 'POST /api/reports/saved', own: only(ACCOUNTANTS), foreign: 404 },
  { route: 'PUT /api/reports/saved/:id', own: only(ACCOUNTANTS), foreign: 404 },
  { route: 'DELETE /api/reports/saved/:id', own: only(ACCOUNTANTS), foreign: 404 },
  { route: 'POST /api/reports/payroll', own: only(ACCOUNTANTS), foreign: 404 },
  // Lists (module lists) read planned items: planners, and the owners and managers who plan.
  { route: 'GET /api/lists/options', own: only(PLANNERS) },
  { route: 'POST /api/lists/preview', own: only(PLANNERS), foreign: 404 },
  { route: 'POST /api/lists/download', own: only(PLANNERS), foreign: 404 },
  { route: 'GET /api/lists/saved', own: only(PLANNERS) },
  { route: 'POST /api/lists/saved', own: only(PLANNERS), foreign: 404 },
  { route: 'PUT /api/lists/saved/:id', own: only(PLANNERS), foreign: 404 },
  { route: 'DELETE /api/lists/saved/:id', own: only(PLANNERS), foreign: 404 },
  // A big download's job is its member's own (a report here): others' and other accounts' answer 404.
  { route: 'GET /api/exports/:id', own: only(ACCOUNTANTS), foreign: 404 },
  { route: 'GET /api/exports/:id/file', own: only(ACCOUNTANTS), foreign: 404 },
);

PERMISSIONS.push(
  // The printable roster of a week, and mailing it to staff without access: planners (docs/product/reports.md).
  { route: 'GET /api/locations/:location/print', own: only(PLANNERS), foreign: 404 },
  { route: 'POST /api/locations/:location/print/mail', own: only(PLANNERS), foreign: 404 },
);

PERMISSIONS.push(
  // The subscription's invoices (docs/product/billing.md): the account holder's business, owners only
  // (docs/product/subscription.md). The signed link needs no session; a wrong hash answers 404 like a missing invoice.
  { route: 'GET /api/invoices', own: only(['owner']) },
  { route: 'GET /api/invoices/:id', own: only(['owner']), foreign: 404 },
  { route: 'GET /api/invoices/:id/pdf', own: only(['owner']), foreign: 404 },
  { route: 'GET /api/invoices/:id/xml', own: only(['owner']), foreign: 404 },
  { route: 'GET /api/i/:id/:hash', case: 'a wrong hash', public: '404 NOT_FOUND' },
  // Operators only (super users, none among the members here): the direct debits of every account.
  { route: 'POST /api/operator/direct-debits', own: everyone(403) },
);

PERMISSIONS.push(
  // The public API (docs/product/api.md): owners make integration tokens and webhooks; personal tokens need the
  // api.tokens right, which no member of the table holds (owners need none). Another account's token or endpoint
  // is one that does not exist.
  { route: 'GET /api/tokens', own: only(['owner']) },
  { route: 'POST /api/tokens', own: only(['owner']) },
  { route: 'DELETE /api/tokens/:id', own: only(['owner']), foreign: 404 },
  { route: 'GET /api/webhooks', own: only(['owner']) },
  { route: 'POST /api/webhooks', own: only(['owner']) },
  { route: 'PUT /api/webhooks/:id', own: only(['owner']), foreign: 404 },
  { route: 'DELETE /api/webhooks/:id', own: only(['owner']), foreign: 404 },
  { route: 'GET /api/webhooks/:id/deliveries', own: only(['owner']), foreign: 404 },
  { route: 'POST /api/webhooks/:id/test', own: only(['owner']), foreign: 404 },
);
