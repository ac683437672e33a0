import { z } from 'zod';
import { matching } from './inputs';

/**
 * `Idempotency-Key` (the IETF draft "The Idempotency-Key HTTP Header Field"): a create sent again with the same key
 * answers what the first one answered instead of creating twice, so a client may retry a create whose answer it
 * never saw. Keys belong to the member who sent them and are kept for a day.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** How long a key answers its first result; afterwards it counts as new (and the hourly job drops it). */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

/** Longest key accepted (a UUID, what the web sends, is 36). */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

/**
 * The key: visible ASCII without spaces, as a plain token or as the draft's quoted string ("..."); the quotes are not
 * part of the key.
 */
export const IdempotencyKey = matching(/^(?:"[!#-~]{1,255}"|[!#-~]{1,255})$/, 'validation.invalid', {
  max: IDEMPOTENCY_KEY_MAX_LENGTH + 2,
}).transform((value) => (value.startsWith('"') ? value.slice(1, -1) : value));

/** The header as a route declares it: optional, every other header passes untouched. */
export const IdempotencyHeaders = z.looseObject({ [IDEMPOTENCY_HEADER]: IdempotencyKey.optional() });

/**
 * The creates that accept a key (all POST), as the server registers their routes: a duplicate of one of these is a
 * second row. The web sends a fresh key with each and retries one that failed on the network with the same key.
 */
export const IDEMPOTENT_CREATES = [
  '/api/balances/:id/corrections',
  '/api/channels',
  '/api/channels/:channel/chats',
  '/api/checkins',
  '/api/hours',
  '/api/item/messages',
  '/api/items',
  '/api/messages',
  '/api/sickness',
  '/api/vacation',
  '/api/vacation/balances/:id/adjustments',
] as const;
