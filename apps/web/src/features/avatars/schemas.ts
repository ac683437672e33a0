/** The pictures list's schema: a chunk of its own, loaded beside the call (picture.ts). */
export { AvatarsResponse } from '@app/contracts';
