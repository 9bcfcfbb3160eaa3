/// <reference types="@rsbuild/core/types" />

/** The remote this standalone development page runs (`npm run dev:remote -- <name>`, `config.ts`). */
declare const __REMOTE_NAME__: string;

/** That remote's section (`remotes/<name>/section.tsx`), aliased by `config.ts`. */
declare module '@remote-section' {
  import type { ComponentType } from 'react';

  const Section: ComponentType;
  export default Section;
}
