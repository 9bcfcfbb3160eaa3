/**
 * Entry of the `files` remote. The section itself is exposed as `./Section` (`section.tsx`) and mounted
 * by the host; this entry only publishes the container (remoteEntry.js) and manifest.
 *
 * No page of its own in the build: the remote uses the host's MF runtime (`externalRuntime`). To work on the
 * section alone, `npm run dev:remote -- files` mounts `section.tsx` directly on a development page
 * (`remotes/dev/`) with the host's providers.
 */
export {};
