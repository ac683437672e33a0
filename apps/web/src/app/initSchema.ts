/** The init answer's schema: a chunk of its own, loaded beside /api/app/init (session.ts), not with the shell. */
export { InitResponse } from '@app/contracts';
