import type { Member } from './member';

/**
 * The subscription's invoices are the account holder's business (owner only: docs/product/billing.md): only owners list,
 * open and download them; everyone else is refused, also in the menu.
 */
export const mayViewInvoices = (member: Pick<Member, 'roles'>): boolean => member.roles.includes('owner');
