/**
 * Entry of the `integrations` remote. The section itself is exposed as `./Section` (`section.tsx`) and
 * mounted by the host; this entry only publishes the container (remoteEntry.js) and manifest.
 *
 * To work on the section alone, `npm run dev:remote -- integrations` mounts `section.tsx` directly on a
 * development page (`remotes/dev/`) with the host's providers.
 */
export {};
