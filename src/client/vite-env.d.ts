/// <reference types="vite/client" />

/** The build this bundle belongs to (vite.config.ts): a timestamp and random suffix, or 'dev' under the dev server. */
declare const __BUILD_ID__: string;

interface NetworkInformation {
  readonly saveData?: boolean;
  readonly effectiveType?: string;
}

interface Navigator {
  readonly connection?: NetworkInformation;
}
