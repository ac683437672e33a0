import { z } from 'zod';

/** One colleague in the address book: how to reach them, and where they work. */
export const Contact = z.object({
  membershipId: z.string(),
  userId: z.string(),
  fname: z.string(),
  lname: z.string(),
  /** Null with the phone numbers when the colleague keeps their contact details private (`hidden`). */
  email: z.string().nullable(),
  phone: z.string().nullable(),
  mobile: z.string().nullable(),
  /** The colleague keeps their contact details private: e-mail and phone numbers are left out for this reader. */
  hidden: z.boolean(),
  jobTitle: z.string().nullable(),
  /** The plannings (locations) the colleague belongs to, by name. */
  locations: z.array(z.string()),
});
export type Contact = z.infer<typeof Contact>;

export const ContactsResponse = z.object({ contacts: z.array(Contact) });
export type ContactsResponse = z.infer<typeof ContactsResponse>;
