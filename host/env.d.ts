/// <reference types="@rsbuild/core/types" />

/** Versions of the modules the host provides to the remotes (defined in rsbuild.config.ts). */
declare const __HOST_SHARED_VERSIONS__: {
  react: string;
  'react-dom': string;
  '@tanstack/react-query': string;
  i18next: string;
  '@platform/router': string;
  '@platform/i18n-react': string;
  '@platform/ui': string;
  '@platform/conversation': string;
};
