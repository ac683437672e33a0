import { z } from 'zod';

/** One colleague in the address book: how to reach them, and where they work. */
export const Contact = z.object({
  membershipId: z.string(),
  userId: z.string(),
  fname: z.string(),
  lname: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  mobile: z.string().nullable(),
  jobTitle: z.string().nullable(),
  /** The plannings (locations) the colleague belongs to, by name. */
  locations: z.array(z.string()),
});
export type Contact = z.infer<typeof Contact>;

export const ContactsResponse = z.object({ contacts: z.array(Contact) });
export type ContactsResponse = z.infer<typeof ContactsResponse>;
