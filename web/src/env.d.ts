/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** '1' in the build the browser tests drive: exposes the test hooks of lib/debug.ts. */
  readonly VITE_E2E?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
