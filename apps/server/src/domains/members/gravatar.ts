import { createHash } from 'node:crypto';

/** The Gravatar hash of an address: the web asks our own avatar route with it (nothing leaves the server). */
export const gravatarHash = (email: string) => createHash('md5').update(email.trim().toLowerCase()).digest('hex');
