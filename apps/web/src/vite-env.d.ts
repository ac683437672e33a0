/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Address the help link mails to. */
  readonly VITE_SUPPORT_EMAIL?: string;
  /** Public web site shown in the login aside (hidden on the mobile host). */
  readonly VITE_SITE_URL?: string;
  /** University (help lessons) site, linked for Dutch users. */
  readonly VITE_UNIVERSITY_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** One part of a language's catalog (build/catalogParts.ts). */
declare module 'virtual:catalog/*' {
  const catalog: Record<string, unknown>;
  export default catalog;
}
