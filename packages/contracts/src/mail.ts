import { z } from 'zod';
import { Paging, pageQuery } from './inputs';

/**
 * The account's mail that could not be delivered (the settings page "Mail delivery"): mails that failed for good,
 * and mails still being retried after a failure. What owners see of a mail is whom it was for, its subject and
 * how delivery went; never its text, whose links carry single-use codes.
 */
export const MAIL_DELIVERY_PAGE_SIZE = 50;
export const MAIL_DELIVERY_PAGE_MAX = 200;

/** failed: given up (refused for good, or undelivered for the whole retry period); retrying: tried again later. */
export const UndeliveredMailStatus = z.enum(['failed', 'retrying']);
export type UndeliveredMailStatus = z.infer<typeof UndeliveredMailStatus>;

export const UndeliveredMail = z.object({
  id: z.uuid(),
  to: z.string(),
  /** The mail's kind (`invitation`, `rosterReleased`, ...). */
  template: z.string(),
  /** In the recipient's language, as it was (to be) sent. */
  subject: z.string(),
  status: UndeliveredMailStatus,
  attempts: z.number().int(),
  /** What the mail server (or the connection to it) answered last, as it said it. */
  lastError: z.string(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  /** When it is tried again; null once it failed for good. */
  nextAttemptAt: z.string().nullable(),
});
export type UndeliveredMail = z.infer<typeof UndeliveredMail>;

export const MailDeliveryQuery = z.object(pageQuery(MAIL_DELIVERY_PAGE_SIZE, MAIL_DELIVERY_PAGE_MAX));
export type MailDeliveryQuery = z.infer<typeof MailDeliveryQuery>;

export const MailDeliveryResponse = z.object({
  /** Whether this server sends mail at all (SMTP_URL); without it mails are kept and none fails. */
  delivers: z.boolean(),
  mails: z.array(UndeliveredMail),
  paging: Paging,
});
export type MailDeliveryResponse = z.infer<typeof MailDeliveryResponse>;

export const MailIdParams = z.object({ id: z.uuid() });

/** How many mails were queued again. */
export const MailResendResponse = z.object({ count: z.number().int() });
export type MailResendResponse = z.infer<typeof MailResendResponse>;
